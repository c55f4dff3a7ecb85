// The words for the values of a car's fields (fuels, transmissions, conditions, body styles,
// drivetrains) in each language (D31, P179): one vocabulary for the public pages, the panel and
// the mails, read as word(lang, 'value', code). A value missing here is shown as stored.
import type { Table } from '../entry.js';

export const VALUES = {
  'value.gasoline': { en: 'Gasoline', es: 'Nafta', pt: 'Gasolina' },
  'value.diesel': { en: 'Diesel', es: 'Diésel', pt: 'Diesel' },
  'value.flex': { en: 'Flex fuel', es: 'Flex', pt: 'Flex' },
  'value.ethanol': { en: 'Ethanol', es: 'Etanol', pt: 'Etanol' },
  'value.cng': { en: 'CNG', es: 'GNC', pt: 'GNV' },
  'value.lpg': { en: 'LPG', es: 'GLP', pt: 'GLP' },
  'value.hybrid': { en: 'Hybrid', es: 'Híbrido', pt: 'Híbrido' },
  'value.plug_in_hybrid': { en: 'Plug-in hybrid', es: 'Híbrido enchufable', pt: 'Híbrido plug-in' },
  'value.electric': { en: 'Electric', es: 'Eléctrico', pt: 'Elétrico' },
  'value.manual': { en: 'Manual', es: 'Manual', pt: 'Manual' },
  'value.automatic': { en: 'Automatic', es: 'Automática', pt: 'Automático' },
  'value.used': { en: 'Used', es: 'Usado', pt: 'Usado' },
  'value.new': { en: 'New', es: 'Nuevo (0 km)', pt: 'Novo (0 km)' },
  'value.sedan': { en: 'Sedan', es: 'Sedán', pt: 'Sedã' },
  'value.hatchback': { en: 'Hatchback', es: 'Hatchback', pt: 'Hatch' },
  'value.suv': { en: 'SUV', es: 'SUV', pt: 'SUV' },
  'value.pickup': { en: 'Pickup', es: 'Pick-up', pt: 'Picape' },
  'value.coupe': { en: 'Coupé', es: 'Cupé', pt: 'Cupê' },
  'value.convertible': { en: 'Convertible', es: 'Descapotable', pt: 'Conversível' },
  'value.wagon': { en: 'Estate (wagon)', es: 'Familiar (rural)', pt: 'Perua (SW)' },
  'value.van': { en: 'Van', es: 'Furgón', pt: 'Furgão' },
  'value.minivan': { en: 'Minivan', es: 'Monovolumen', pt: 'Minivan' },
  'value.fwd': { en: 'Front-wheel drive', es: 'Tracción delantera', pt: 'Tração dianteira' },
  'value.rwd': { en: 'Rear-wheel drive', es: 'Tracción trasera', pt: 'Tração traseira' },
  'value.awd': { en: 'All-wheel drive', es: 'Tracción integral (AWD)', pt: 'Tração integral (AWD)' },
  'value.4wd': { en: 'Four-wheel drive (4x4)', es: '4x4', pt: '4x4' },
} as const satisfies Table;
