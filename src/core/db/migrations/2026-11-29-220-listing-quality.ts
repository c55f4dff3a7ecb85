// D43, P220–P222: listing quality. Each car keeps its score (for sorting and the panel's lists)
// and its listed photos' check flags (`photo_checks`, JSON: flags, null pending, -1 failed), from
// which the hints are derived on read. Each photo (and panel upload) keeps its checks and its
// 256-bit perceptual hash; `photo_hash_bands` indexes the hash in 8 bands of 32 bits for the
// near-duplicate lookup (multi-index hashing: an index probe per band, never a scan).
// Cars written before score as their text and photo count say, photos not yet checked counting
// as sound (the migration's own sums, with the weights of its day).
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

const W = { photos: 20, quality: 40, fuel: 8, transmission: 8, version: 7, color: 7, description: 10 };

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('vehicles').addColumn('quality_score', 'integer').execute();
  await db.schema
    .alterTable('vehicles')
    .addColumn('photo_checks', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  for (const table of ['photos', 'photo_uploads']) {
    await db.schema.alterTable(table).addColumn('checks', 'integer').execute();
    await db.schema.alterTable(table).addColumn('sharpness', 'real').execute();
    await db.schema.alterTable(table).addColumn('brightness', 'integer').execute();
    await db.schema.alterTable(table).addColumn('phash', 'text').execute();
  }
  let bands = db.schema
    .createTable('photo_hash_bands')
    .addColumn('band', 'integer', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('photo_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_hash_bands_pk', ['band', 'value', 'photo_id']);
  // SQLite: the primary key is the table (no second copy of every row).
  if (dialect === 'sqlite') bands = bands.modifyEnd(sql`without rowid`);
  await bands.execute();
  // The panel's inventory sorts by score within a dealership.
  await db.schema.createIndex('vehicles_dealer_quality').on('vehicles').columns(['dealer_id', 'quality_score']).execute();

  // Cars already stored: photo_checks from their photo_state, the score from the same weights.
  const count = dialect === 'sqlite' ? sql`json_array_length(photo_state)` : sql`json_array_length(photo_state::json)`;
  const failed =
    dialect === 'sqlite'
      ? sql`(select count(*) from json_each(photo_state) where json_extract(value, '$.status') = 'failed')`
      : sql`(select count(*) from json_array_elements(photo_state::json) e where e->>'status' = 'failed')`;
  const desc = dialect === 'sqlite' ? sql`length(trim(coalesce(description, '')))` : sql`char_length(trim(coalesce(description, '')))`;
  const shown = sql`(${count} - ${failed})`;
  await sql`
    update vehicles set quality_score = cast(round(
      ${W.photos} * 1.0 * (case when ${shown} > 8 then 8 else ${shown} end) / 8
      + case when ${shown} > 0 then ${W.quality} else 0 end
      + case when fuel is not null and fuel <> '' then ${W.fuel} else 0 end
      + case when transmission is not null and transmission <> '' then ${W.transmission} else 0 end
      + case when version is not null and version <> '' then ${W.version} else 0 end
      + case when color is not null and color <> '' then ${W.color} else 0 end
      + ${W.description} * 1.0 * (case when ${desc} > 400 then 400 else ${desc} end) / 400
    ) as integer)`.execute(db);
  // photo_checks: a 0 (sound, not checked) per ready photo, null per pending, -1 per failed.
  if (dialect === 'sqlite') {
    await sql`update vehicles set photo_checks = coalesce((select json_group_array(json(case json_extract(value, '$.status') when 'ready' then '0' when 'failed' then '-1' else 'null' end)) from json_each(photo_state)), '[]')`.execute(
      db,
    );
  } else {
    await sql`update vehicles set photo_checks = coalesce((select json_agg(case e->>'status' when 'ready' then 0 when 'failed' then -1 else null end order by n)::text from json_array_elements(photo_state::json) with ordinality as t(e, n)), '[]')`.execute(
      db,
    );
  }
}
