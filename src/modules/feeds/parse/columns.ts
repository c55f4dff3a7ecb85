// Column and element names (D16): the VehicleInput field names plus `external_id`, and the
// aliases dealer systems export in English, Spanish and Portuguese. Names are compared after
// `normalizeName`, so "Stock #", "stock_number", "StockNumber" and "Año Modelo" all match.
// Each list is in order of preference: when a file has two columns for one field, the first
// name of the list wins and the other column is reported as ignored.
import { VEHICLE_FIELD_NAMES, type VehicleFieldName } from '../../vehicles/fields.js';

/** The stock ID, the car's content fields (vehicles/fields.ts, in its order) and the photos. */
export const FIELDS = ['external_id', ...VEHICLE_FIELD_NAMES, 'photos'] as const;
export type Field = 'external_id' | VehicleFieldName | 'photos';

/** Accepted names per field, in order of preference; a field not listed is read by its own name. */
const NAMED: Partial<Record<Field, readonly string[]>> = {
  external_id: [
    'external_id',
    'external id',
    'externalId',
    'stock_number',
    'stock number',
    'Stock #',
    'Stock',
    'StockNumber',
    'stock_no',
    'stock no',
    'stocknum',
    'stk',
    'stock_id',
    'stock id',
    'sku',
    'externalStockId',
    'seller-inventory-key',
    'internal number',
    'reference_id',
    'custom_fields.id',
    'InventoryID',
    'inventory id',
    'vehicle_id',
    'vehicle id',
    'auto_listing_id',
    'codigo',
    'código',
    'cod',
    'codigo interno',
    'código interno',
    'codigo de stock',
    'nro stock',
    'numero de stock',
    'número de stock',
    'id vehiculo',
    'id vehículo',
    'id veiculo',
    'id veículo',
    'codigo do veiculo',
    'código do veículo',
    'referencia',
    'referência',
    'ref',
    'id',
  ],
  brand: ['brand', 'make', 'makeName', 'make name', 'marca', 'fabricante', 'manufacturer', 'montadora'],
  model: ['model', 'modelo', 'modelName', 'model name', 'nombre modelo', 'nome do modelo'],
  year: [
    'year',
    'model year',
    'model_year',
    'año modelo',
    'ano modelo',
    'anoModelo',
    'año',
    'ano',
    'vehicle year',
    'VEHICLE_YEAR',
    'BikeYear',
    'año fabricación',
    'ano fabricacao',
    'ano de fabricação',
    'regdate',
    'registration date',
    'first registration',
  ],
  version: [
    'version',
    'versión',
    'versao',
    'versão',
    'trim',
    'variant',
    'variante',
    'series',
    'series detail',
    'badge',
    'derivative',
    'specification',
    'submodel',
    'sub model',
    'short_version',
    'acabado',
    'acabamento',
  ],
  price: [
    'price',
    'precio',
    'preço',
    'preco',
    'valor',
    'selling price',
    'SellingPrice',
    'internet price',
    'InternetPrice',
    'price_current',
    'asking price',
    'price asking',
    'retail',
    'web price',
    'WebPrice',
    'precio venta',
    'precio de venta',
    'precio contado',
    'preço de venda',
    'preço venda',
    'valor de venda',
    'dapprice',
    'egcprice',
    'suppliedPrice',
    'forecourtPrice',
    'price.amount',
    'price.value',
    'importe',
  ],
  currency: ['currency', 'currency_id', 'currency code', 'moneda', 'moeda', 'divisa', 'price.currency', 'price_currency'],
  mileage: [
    'mileage',
    'odometer',
    'kilometraje',
    'quilometragem',
    'km',
    'kms',
    'kilometers',
    'kilometres',
    'kilómetros',
    'kilometros',
    'quilômetros',
    'quilometros',
    'km rodados',
    'miles',
    'mileage.value',
    'odometer.value',
    'mileage_current',
    'recorrido',
    'rodagem',
  ],
  fuel: [
    'fuel',
    'fuel type',
    'FuelType',
    'fuel_type',
    'combustible',
    'combustível',
    'combustivel',
    'tipo de combustible',
    'tipo combustible',
    'tipo de combustível',
    'carburante',
    'energy',
  ],
  transmission: [
    'transmission',
    'tranmission',
    'transmission type',
    'gearbox',
    'caja',
    'caja de cambios',
    'tipo de caja',
    'transmisión',
    'transmision',
    'câmbio',
    'cambio',
    'transmissão',
    'transmissao',
    'tipo de câmbio',
  ],
  color: [
    'color',
    'colour',
    'exterior color',
    'ext color',
    'ExteriorColor',
    'exterior_colour',
    'exterior',
    'color exterior',
    'cor',
    'cor externa',
    'cor exterior',
  ],
  // Meta and TikTok: new/used is `state_of_vehicle`; their `condition` is a quality grade (values.ts).
  condition: [
    'state_of_vehicle',
    'condition',
    'New/Used',
    'NewUsed',
    'new or used',
    'vehicle condition',
    'inventory_type',
    'condición',
    'condicion',
    'condição',
    'condicao',
    'nuevo/usado',
    'novo/usado',
    'estado del vehiculo',
    'estado do veículo',
  ],
  city: ['city', 'ciudad', 'cidade', 'localidad', 'municipio', 'município', 'town'],
  description: [
    'description',
    'descriptions',
    'descripción',
    'descripcion',
    'descrição',
    'descricao',
    'dealercomments',
    'dealer comments',
    'comments',
    'comentarios',
    'comentários',
    'AdvertisingText',
    'free_text',
    'observaciones',
    'observações',
    'observacoes',
    'detalles',
    'notes',
  ],
  photos: [
    'photos',
    'photo',
    'fotos',
    'foto',
    'images',
    'image',
    'imágenes',
    'imagenes',
    'imagen',
    'imagens',
    'imagem',
    'pictures',
    'picture',
    'ImageURL',
    'image urls',
    'ImageList',
    'PhysicalImages',
    'photo urls',
    'photo url',
    'url fotos',
    'urls fotos',
    'image_link',
    'images[]',
    'galeria',
    'galería',
    'additional_image_link',
  ],
  // P27, P29 (feed-column-aliases.md). A bare `body` is left out: OLX BR writes the description there.
  vin: [
    'vin',
    'vin number',
    'vin_number',
    'vehicle identification number',
    'chassis number',
    'chassis no',
    'ChassisNo',
    'chassis',
    'chassi',
    'numero de chassi',
    'número do chassi',
    'numero de chasis',
    'número de chasis',
    'FIN',
  ],
  body_style: [
    'body_style',
    'body style',
    'BodyType',
    'body type',
    'body_type',
    'VEHICLE_BODY_TYPE',
    'cartype',
    'carrocería',
    'carroceria',
    'tipo de carrocería',
    'tipo de carroceria',
  ],
  drivetrain: ['drivetrain', 'drive train', 'Drivetrain Desc', 'DriveType', 'drive type', 'DRIVE_TYPE', 'drive', 'tracción', 'traccion', 'tração', 'tracao'],
  doors: ['doors', 'Door Count', 'door_count', 'number of doors', 'num doors', 'puertas', 'portas', 'número de puertas', 'número de portas'],
  engine: [
    'engine',
    'EngineType',
    'engine type',
    'engine description',
    'Engine Displacement',
    'engine_capacity',
    'motor',
    'motorización',
    'motorizacion',
    'motorização',
  ],
  interior_color: [
    'interior_color',
    'interior color',
    'InteriorColor',
    'interior_colour',
    'interior colour',
    'interior',
    'color interior',
    'color tapizado',
    'cor interna',
    'cor interior',
  ],
};

/**
 * Stems of numbered photo columns: `photo1`, `Foto 2`, `image_3`, `Image Url 4`, `imagen5`,
 * `image[0].url`. The number orders them.
 */
const NUMBERED_PHOTO = /^(?:photo|foto|image|imagen|imagem|img|picture|pic|imageurl|photourl|fotourl|urlfoto|urlimagen|urlimagem)(\d{1,3})(?:url|link)?$/;

/** Lower case, no accents, letters and digits only: "Año Modelo" → "anomodelo", "Stock #" → "stock". */
function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** DMS prefixes (`VEHICLES_Year`, `VEHICLES___kp_Stock_Number`), normalized. */
const PREFIXES = ['vehicleskp', 'vehicles', 'vehicle', 'vehiculo', 'veiculo'];

interface Target {
  field: Field;
  /** Lower is preferred among columns of the same field. */
  rank: number;
}

const BY_NAME = new Map<string, Target>();
/** Every accepted name per field, as written in docs/feed-columns.md (compared normalized). */
export const ALIASES = Object.fromEntries(FIELDS.map((f) => [f, NAMED[f] ?? [f]])) as Record<Field, readonly string[]>;

FIELDS.forEach((field) => {
  ALIASES[field].forEach((alias, rank) => {
    const key = normalizeName(alias);
    if (!BY_NAME.has(key)) BY_NAME.set(key, { field, rank });
  });
});

/** The field a column name feeds, with its rank of preference; numbered photos rank by number. */
export function matchColumn(name: string): Target | null {
  const n = normalizeName(name);
  if (n === '') return null;
  const direct = lookup(n);
  if (direct) return direct;
  for (const p of PREFIXES) {
    if (n.length > p.length && n.startsWith(p)) {
      const rest = lookup(n.slice(p.length));
      if (rest) return rest;
    }
  }
  return name.includes('.') ? matchNested(name) : null;
}

/** The value of a nested element or attribute: `kilometraje.valor`, `precio.moneda` (JSON/XML). */
const VALUE_WORDS = new Set(['value', 'valor', 'amount', 'monto', 'importe', 'quantity', 'cantidad', 'text']);

/**
 * A dotted name (a JSON object or XML attribute flattened) whose first part is a field: its
 * value part feeds that field, and a price's currency part feeds currency. Anything else under
 * it is ignored (`mileage.unit`, `seller.id` …).
 */
function matchNested(name: string): Target | null {
  const parts = name.split('.');
  const head = matchColumn(parts[0]!);
  if (!head || parts.length !== 2) return null;
  const tail = normalizeName(parts[1]!);
  if (VALUE_WORDS.has(tail)) return head;
  if (head.field === 'price' && BY_NAME.get(tail)?.field === 'currency') return BY_NAME.get(tail)!;
  return null;
}

/**
 * The unit of a mileage given as a number beside it (Meta and TikTok: `mileage.unit` = KM or MI).
 * Not a field of its own: it says how to read the mileage column (map.ts).
 */
const MILEAGE_UNIT_NAMES = new Set(
  ['mileage.unit', 'mileage_unit', 'mileage unit', 'odometer.unit', 'odometer_unit', 'odometer unit', 'mileage.units', 'distance unit'].map(normalizeName),
);
export const isMileageUnitColumn = (name: string): boolean => MILEAGE_UNIT_NAMES.has(normalizeName(name));

function lookup(n: string): Target | null {
  const t = BY_NAME.get(n);
  if (t) return t;
  const m = NUMBERED_PHOTO.exec(n);
  // Numbered photo columns come after a list column (`photos`) and keep their own order.
  if (m) return { field: 'photos', rank: 1000 + Number(m[1]) };
  return null;
}
