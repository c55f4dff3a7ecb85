// A feed file whose cars score apart (D43, P246), shared by the panel's and the browser's tests
// of listing quality on "check a file" and the import report.
import { photoUrls } from '../support/photos.js';

/**
 * A feed file with the fields quality reads: one bare car, one complete, one missing its colour.
 * `photos`: the photos' URLs (by default on a host never reached).
 */
export function qualityCsv(prefix: string, lang: 'es' | 'pt', photos: (group: string, n: number) => string[] = photoUrls): string {
  const long = (lang === 'es' ? 'Único dueño, service oficial al día, cubiertas nuevas. ' : 'Único dono, revisões em dia, pneus novos. ').repeat(10);
  const price = lang === 'es' ? 5_500_000 : 45_000;
  const rows = [
    // 3 photos, no fuel, transmission, colour, version or text: 7.5 + 40 = 47.5 → 48.
    [`${prefix}-BARE`, '', '', '', '', '', photos(`${prefix}-bare`, 3)],
    // 8 photos and everything: 100.
    [`${prefix}-FULL`, 'gasoline', 'manual', 'Gris', 'Trend', long, photos(`${prefix}-full`, 8)],
    // All but the colour: 93.
    [`${prefix}-NOCOLOR`, 'gasoline', 'manual', '', 'Trend', long, photos(`${prefix}-nocolor`, 8)],
  ] as const;
  const head = 'external_id,brand,model,year,price,mileage,fuel,transmission,color,version,description,photos';
  return (
    [
      head,
      ...rows.map(([id, fuel, tr, color, version, text, photos]) =>
        [id, 'Volkswagen', 'Gol', 2015, price, 98000, fuel, tr, color, version, `"${text}"`, photos.join('|')].join(','),
      ),
    ].join('\n') + '\n'
  );
}
