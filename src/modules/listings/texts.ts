// The words of the public pages in each language: Spanish, Portuguese and English.
import type { Found, ProblemCode } from '../leads/inquiry.js';
import { VALUE_WORDS } from '../markets/vocabulary.js';
import { icu } from '../../core/i18n/index.js';

export type Lang = 'es' | 'pt' | 'en';

/** What can be wrong in a storefront's filters (storefront.ts). */
export type FilterProblem = 'price' | 'year' | 'priceRange' | 'yearRange' | 'brand' | 'page';

export interface Texts {
  price: string;
  mileage: string;
  year: string;
  version: string;
  fuel: string;
  transmission: string;
  color: string;
  condition: string;
  city: string;
  /** The dealer's stock ID, which a buyer can quote to the dealership. */
  stockId: string;
  /** Issue 15: shown when given (the VIN too: buyers check a car's history by it). */
  bodyStyle: string;
  drivetrain: string;
  doors: string;
  engine: string;
  interiorColor: string;
  vin: string;
  details: string;
  description: string;
  photos: string;
  photoAlt: (n: number, total: number, title: string) => string;
  /** The gallery's controls (P145). */
  prevPhoto: string;
  nextPhoto: string;
  fullScreen: string;
  exitFullScreen: string;
  noPhotos: string;
  soldBy: string;
  contactHeading: string;
  contactIntro: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  honeypot: string;
  required: string;
  contactHint: string;
  send: string;
  privacy: string;
  checkForm: string;
  goneTitle: string;
  goneBody: string;
  goneNotSent: string;
  notYetTitle: string;
  notYetBody: string;
  notFoundTitle: string;
  notFoundBody: string;
  thanksTitle: string;
  thanksBody: (dealer: string) => string;
  back: string;
  rateLimited: (minutes: number) => string;
  notSent: string;
  tooLarge: string;
  failedTitle: string;
  failedBody: string;
  skip: string;
  /** The storefront (D36, P86) and a car's links to it. */
  storefrontTitle: (dealer: string) => string;
  storefrontDescription: (dealer: string, city: string | null) => string;
  carsForSale: string;
  filters: string;
  brand: string;
  anyBrand: string;
  priceFrom: string;
  priceTo: string;
  yearFrom: string;
  yearTo: string;
  search: string;
  clearFilters: string;
  noCarsFiltered: string;
  noCars: string;
  morePage: string;
  firstPage: string;
  badFilter: Record<FilterProblem, string>;
  dealerNotFoundTitle: string;
  dealerNotFoundBody: string;
  seeAllCars: string;
  otherCars: string;
  dealerCard: string;
  goneHeadline: string;
  /** The dealership's card and the phone's contact bar (D36, P112, P113). */
  address: string;
  onMap: string;
  hours: string;
  website: string;
  /** The dealership's logo's alternative text (P132). */
  logoAlt: (dealer: string) => string;
  /** The storefront's contact section (P133). */
  contactDealer: string;
  call: string;
  whatsapp: string;
  write: string;
  quickContact: string;
  /** A sold car's page: cars like it for sale at any dealership (P115). */
  similarCars: string;
  /** The thank-you page (P114). */
  thanksNextTitle: string;
  thanksNext: (dealer: string) => string[];
  thanksWhatsapp: string;
  thanksWhatsappIntro: string;
  errorsTitle: string;
  values: Record<string, string>;
  /** `found`: for the *_invisible problems (P155), the character and its place. */
  problems: Record<ProblemCode, (max: number, found?: Found) => string>;
}

const en: Texts = {
  price: 'Price',
  mileage: 'Mileage',
  year: 'Year',
  version: 'Version',
  fuel: 'Fuel',
  transmission: 'Transmission',
  color: 'Colour',
  condition: 'Condition',
  city: 'City',
  stockId: 'Stock number',
  bodyStyle: 'Body style',
  drivetrain: 'Drivetrain',
  doors: 'Doors',
  engine: 'Engine',
  interiorColor: 'Interior colour',
  vin: 'VIN',
  details: 'Details',
  description: 'Description',
  photos: 'Photos',
  photoAlt: (n, total, title) => `${title}, photo ${n} of ${total}`,
  prevPhoto: 'Previous photo',
  nextPhoto: 'Next photo',
  fullScreen: 'Full screen',
  exitFullScreen: 'Exit full screen',
  noPhotos: 'No photos yet.',
  soldBy: 'Sold by',
  contactHeading: 'Contact the dealership',
  contactIntro: 'Write to the dealership about this car.',
  name: 'Your name',
  email: 'E-mail',
  phone: 'Phone',
  message: 'Message',
  honeypot: 'Leave this field empty',
  required: 'required',
  contactHint: 'Give an e-mail address or a phone number (or both) so the dealership can answer.',
  send: 'Send message',
  privacy: 'Your contact details go to this dealership only.',
  checkForm: 'Please check the form:',
  goneTitle: 'This car is no longer available',
  goneBody: 'It has been sold or is no longer offered.',
  goneNotSent: 'Your message was not sent because this car is no longer available.',
  notYetTitle: 'This listing is not available yet',
  notYetBody: 'It will be published shortly. Please check back later.',
  notFoundTitle: 'Listing not found',
  notFoundBody: 'There is no listing at this address.',
  thanksTitle: 'Thank you, your message was sent',
  thanksBody: (dealer) => `${dealer} will answer you soon.`,
  back: 'Back to the listing',
  notSent: 'Your message could not be sent. Please go back and try again.',
  tooLarge: 'Your message is too long to be sent.',
  failedTitle: 'Something went wrong',
  failedBody: 'This page could not be shown. Please try again in a moment.',
  skip: 'Skip to the content',
  rateLimited: (m) => icu('en', 'Too many messages were sent from your connection. Please try again in {m, plural, one {# minute} other {# minutes}}.')({ m }),
  storefrontTitle: (d) => `Cars for sale at ${d}`,
  storefrontDescription: (d, city) => `Every car for sale at ${d}${city ? `, ${city}` : ''}: photos, prices and details.`,
  carsForSale: 'Cars for sale',
  filters: 'Filter the cars',
  brand: 'Make',
  anyBrand: 'All makes',
  priceFrom: 'Price from',
  priceTo: 'Price up to',
  yearFrom: 'Year from',
  yearTo: 'Year up to',
  search: 'Show cars',
  clearFilters: 'Clear the filters',
  noCarsFiltered: 'No car for sale matches these filters.',
  noCars: 'This dealership has no cars for sale right now.',
  morePage: 'More cars',
  firstPage: 'Back to the newest cars',
  badFilter: {
    price: 'Prices must be whole numbers, without dots or signs (for example 15000000). That price filter was left out.',
    year: 'Years must be four digits between 1900 and 2100. That year filter was left out.',
    priceRange: 'The lowest price is above the highest one. The price filter was left out.',
    yearRange: 'The first year is after the last one. The year filter was left out.',
    brand: "That make is not among this dealership's cars. The make filter was left out.",
    page: 'That page address is not valid: here are the newest cars.',
  },
  dealerNotFoundTitle: 'Dealership not found',
  dealerNotFoundBody: 'There is no dealership at this address.',
  seeAllCars: 'See all its cars',
  otherCars: 'Other cars from this dealership',
  dealerCard: 'The dealership',
  goneHeadline: 'Sold or no longer offered',
  address: 'Address',
  onMap: 'See it on the map',
  hours: 'Opening hours',
  website: 'Website',
  logoAlt: (d) => `Logo of ${d}`,
  contactDealer: 'Contact',
  call: 'Call',
  whatsapp: 'WhatsApp',
  write: 'Write',
  quickContact: 'Contact the dealership',
  similarCars: 'Similar cars for sale',
  thanksNextTitle: 'What happens next',
  thanksNext: (d) => [
    `${d} has received your message with the details of the car.`,
    'They will answer you at the e-mail or phone number you gave.',
    'Keep an eye on your inbox (and its spam folder) and your phone.',
  ],
  thanksWhatsapp: 'Write on WhatsApp',
  thanksWhatsappIntro: 'In a hurry? You can also write to the dealership on WhatsApp now.',
  errorsTitle: 'Your message was not sent',
  values: VALUE_WORDS.en,
  problems: {
    name_required: () => 'Please give your name.',
    name_too_long: (max) => `Your name can have at most ${max} characters.`,
    name_invalid: () => 'Your name contains characters that are not allowed.',
    email_invalid: () => 'The e-mail address is not valid.',
    email_too_long: (max) => `The e-mail address can have at most ${max} characters.`,
    phone_invalid: () => 'The phone number is not valid (digits, spaces, +, -, parentheses; 6 to 15 digits).',
    phone_too_long: (max) => `The phone number can have at most ${max} characters.`,
    contact_required: () => 'Please give an e-mail address or a phone number.',
    message_required: () => 'Please write a message.',
    message_too_long: (max) => `The message can have at most ${max} characters.`,
    message_invalid: () => 'The message contains characters that are not allowed.',
    name_invisible: (_m, f) =>
      `Your name holds an invisible character that is not allowed (${f?.char}, at character ${f?.position}). Please type it again rather than pasting it.`,
    email_invisible: (_m, f) =>
      `The e-mail address holds an invisible character that is not allowed (${f?.char}, at character ${f?.position}). Please type it again rather than pasting it.`,
    phone_invisible: (_m, f) =>
      `The phone number holds an invisible character that is not allowed (${f?.char}, at character ${f?.position}). Please type it again rather than pasting it.`,
    message_invisible: (_m, f) =>
      `The message holds an invisible character that is not allowed (${f?.char}, at character ${f?.position}). Please delete it, or type the message again rather than pasting it.`,
    not_text: () => 'A field was not sent as text.',
  },
};

const es: Texts = {
  price: 'Precio',
  mileage: 'Kilometraje',
  year: 'Año',
  version: 'Versión',
  fuel: 'Combustible',
  transmission: 'Transmisión',
  color: 'Color',
  condition: 'Estado',
  city: 'Ciudad',
  stockId: 'Referencia',
  bodyStyle: 'Carrocería',
  drivetrain: 'Tracción',
  doors: 'Puertas',
  engine: 'Motor',
  interiorColor: 'Color interior',
  vin: 'VIN (número de chasis)',
  details: 'Datos',
  description: 'Descripción',
  photos: 'Fotos',
  photoAlt: (n, total, title) => `${title}, foto ${n} de ${total}`,
  prevPhoto: 'Foto anterior',
  nextPhoto: 'Foto siguiente',
  fullScreen: 'Pantalla completa',
  exitFullScreen: 'Salir de pantalla completa',
  noPhotos: 'Todavía no hay fotos.',
  soldBy: 'Lo vende',
  contactHeading: 'Contactar a la concesionaria',
  contactIntro: 'Escribile a la concesionaria sobre este auto.',
  name: 'Tu nombre',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  message: 'Mensaje',
  honeypot: 'Dejá este campo vacío',
  required: 'obligatorio',
  contactHint: 'Indicá un correo electrónico o un teléfono (o ambos) para que la concesionaria pueda responderte.',
  send: 'Enviar mensaje',
  privacy: 'Tus datos de contacto solo se comparten con esta concesionaria.',
  checkForm: 'Revisá el formulario:',
  goneTitle: 'Este auto ya no está disponible',
  goneBody: 'Fue vendido o ya no se ofrece.',
  goneNotSent: 'Tu mensaje no se envió porque este auto ya no está disponible.',
  notYetTitle: 'Esta publicación todavía no está disponible',
  notYetBody: 'Se publicará en breve. Volvé a intentarlo más tarde.',
  notFoundTitle: 'Publicación no encontrada',
  notFoundBody: 'No hay ninguna publicación en esta dirección.',
  thanksTitle: 'Gracias, tu mensaje fue enviado',
  thanksBody: (dealer) => `${dealer} te responderá pronto.`,
  back: 'Volver a la publicación',
  notSent: 'Tu mensaje no se pudo enviar. Volvé atrás e intentalo de nuevo.',
  tooLarge: 'Tu mensaje es demasiado largo para enviarlo.',
  failedTitle: 'Algo salió mal',
  failedBody: 'No se pudo mostrar esta página. Intentá de nuevo en un momento.',
  skip: 'Saltar al contenido',
  rateLimited: (m) => icu('es', 'Se enviaron demasiados mensajes desde tu conexión. Intentá de nuevo en {m, plural, one {# minuto} other {# minutos}}.')({ m }),
  storefrontTitle: (d) => `Autos en venta de ${d}`,
  storefrontDescription: (d, city) => `Todos los autos en venta de ${d}${city ? `, ${city}` : ''}: fotos, precios y datos.`,
  carsForSale: 'Autos en venta',
  filters: 'Filtrar los autos',
  brand: 'Marca',
  anyBrand: 'Todas las marcas',
  priceFrom: 'Precio desde',
  priceTo: 'Precio hasta',
  yearFrom: 'Año desde',
  yearTo: 'Año hasta',
  search: 'Ver autos',
  clearFilters: 'Quitar los filtros',
  noCarsFiltered: 'Ningún auto en venta coincide con estos filtros.',
  noCars: 'Esta concesionaria no tiene autos en venta en este momento.',
  morePage: 'Más autos',
  firstPage: 'Volver a los más nuevos',
  badFilter: {
    price: 'Los precios van en números enteros, sin puntos ni signos (por ejemplo 15000000). No se aplicó ese filtro de precio.',
    year: 'Los años van con cuatro cifras, entre 1900 y 2100. No se aplicó ese filtro de año.',
    priceRange: 'El precio mínimo es mayor que el máximo. No se aplicó el filtro de precio.',
    yearRange: 'El año inicial es posterior al final. No se aplicó el filtro de año.',
    brand: 'Esa marca no está entre los autos de esta concesionaria. No se aplicó el filtro de marca.',
    page: 'La dirección de esa página no es válida: estos son los autos más nuevos.',
  },
  dealerNotFoundTitle: 'Concesionaria no encontrada',
  dealerNotFoundBody: 'No hay ninguna concesionaria en esta dirección.',
  seeAllCars: 'Ver todos sus autos',
  otherCars: 'Otros autos de esta concesionaria',
  dealerCard: 'La concesionaria',
  goneHeadline: 'Vendido o ya no se ofrece',
  address: 'Dirección',
  onMap: 'Ver en el mapa',
  hours: 'Horario de atención',
  website: 'Sitio web',
  logoAlt: (d) => `Logo de ${d}`,
  contactDealer: 'Contacto',
  call: 'Llamar',
  whatsapp: 'WhatsApp',
  write: 'Escribir',
  quickContact: 'Contactar a la concesionaria',
  similarCars: 'Autos similares en venta',
  thanksNextTitle: 'Qué sigue',
  thanksNext: (d) => [
    `${d} recibió tu mensaje con los datos del auto.`,
    'Te va a responder al correo electrónico o teléfono que dejaste.',
    'Revisá tu correo (también la carpeta de spam) y tu teléfono.',
  ],
  thanksWhatsapp: 'Escribir por WhatsApp',
  thanksWhatsappIntro: '¿Estás apurado? También podés escribirle ahora a la concesionaria por WhatsApp.',
  errorsTitle: 'Tu mensaje no se envió',
  values: VALUE_WORDS.es,
  problems: {
    name_required: () => 'Indicá tu nombre.',
    name_too_long: (max) => `Tu nombre puede tener como máximo ${max} caracteres.`,
    name_invalid: () => 'Tu nombre contiene caracteres no permitidos.',
    email_invalid: () => 'El correo electrónico no es válido.',
    email_too_long: (max) => `El correo electrónico puede tener como máximo ${max} caracteres.`,
    phone_invalid: () => 'El teléfono no es válido (dígitos, espacios, +, -, paréntesis; de 6 a 15 dígitos).',
    phone_too_long: (max) => `El teléfono puede tener como máximo ${max} caracteres.`,
    contact_required: () => 'Indicá un correo electrónico o un teléfono.',
    message_required: () => 'Escribí un mensaje.',
    message_too_long: (max) => `El mensaje puede tener como máximo ${max} caracteres.`,
    message_invalid: () => 'El mensaje contiene caracteres no permitidos.',
    name_invisible: (_m, f) =>
      `Tu nombre tiene un carácter invisible no permitido (${f?.char}, en la posición ${f?.position}). Escribilo de nuevo en lugar de pegarlo.`,
    email_invisible: (_m, f) =>
      `El correo electrónico tiene un carácter invisible no permitido (${f?.char}, en la posición ${f?.position}). Escribilo de nuevo en lugar de pegarlo.`,
    phone_invisible: (_m, f) =>
      `El teléfono tiene un carácter invisible no permitido (${f?.char}, en la posición ${f?.position}). Escribilo de nuevo en lugar de pegarlo.`,
    message_invisible: (_m, f) =>
      `El mensaje tiene un carácter invisible no permitido (${f?.char}, en la posición ${f?.position}). Borralo, o escribí el mensaje de nuevo en lugar de pegarlo.`,
    not_text: () => 'Un campo no se envió como texto.',
  },
};

const pt: Texts = {
  price: 'Preço',
  mileage: 'Quilometragem',
  year: 'Ano',
  version: 'Versão',
  fuel: 'Combustível',
  transmission: 'Câmbio',
  color: 'Cor',
  condition: 'Condição',
  city: 'Cidade',
  stockId: 'Referência',
  bodyStyle: 'Carroceria',
  drivetrain: 'Tração',
  doors: 'Portas',
  engine: 'Motor',
  interiorColor: 'Cor interna',
  vin: 'Chassi (VIN)',
  details: 'Dados',
  description: 'Descrição',
  photos: 'Fotos',
  photoAlt: (n, total, title) => `${title}, foto ${n} de ${total}`,
  prevPhoto: 'Foto anterior',
  nextPhoto: 'Próxima foto',
  fullScreen: 'Tela cheia',
  exitFullScreen: 'Sair da tela cheia',
  noPhotos: 'Ainda não há fotos.',
  soldBy: 'Vendido por',
  contactHeading: 'Falar com a concessionária',
  contactIntro: 'Escreva para a concessionária sobre este carro.',
  name: 'Seu nome',
  email: 'E-mail',
  phone: 'Telefone',
  message: 'Mensagem',
  honeypot: 'Deixe este campo vazio',
  required: 'obrigatório',
  contactHint: 'Informe um e-mail ou um telefone (ou ambos) para que a concessionária possa responder.',
  send: 'Enviar mensagem',
  privacy: 'Seus dados de contato vão somente para esta concessionária.',
  checkForm: 'Verifique o formulário:',
  goneTitle: 'Este carro não está mais disponível',
  goneBody: 'Foi vendido ou não é mais oferecido.',
  goneNotSent: 'Sua mensagem não foi enviada porque este carro não está mais disponível.',
  notYetTitle: 'Este anúncio ainda não está disponível',
  notYetBody: 'Será publicado em breve. Tente novamente mais tarde.',
  notFoundTitle: 'Anúncio não encontrado',
  notFoundBody: 'Não há nenhum anúncio neste endereço.',
  thanksTitle: 'Obrigado, sua mensagem foi enviada',
  thanksBody: (dealer) => `${dealer} responderá em breve.`,
  back: 'Voltar ao anúncio',
  notSent: 'Não foi possível enviar sua mensagem. Volte e tente novamente.',
  tooLarge: 'Sua mensagem é longa demais para ser enviada.',
  failedTitle: 'Algo deu errado',
  failedBody: 'Não foi possível mostrar esta página. Tente novamente em instantes.',
  skip: 'Pular para o conteúdo',
  rateLimited: (m) => icu('pt', 'Muitas mensagens foram enviadas da sua conexão. Tente novamente em {m, plural, one {# minuto} other {# minutos}}.')({ m }),
  storefrontTitle: (d) => `Carros à venda de ${d}`,
  storefrontDescription: (d, city) => `Todos os carros à venda de ${d}${city ? `, ${city}` : ''}: fotos, preços e dados.`,
  carsForSale: 'Carros à venda',
  filters: 'Filtrar os carros',
  brand: 'Marca',
  anyBrand: 'Todas as marcas',
  priceFrom: 'Preço a partir de',
  priceTo: 'Preço até',
  yearFrom: 'Ano a partir de',
  yearTo: 'Ano até',
  search: 'Ver carros',
  clearFilters: 'Limpar os filtros',
  noCarsFiltered: 'Nenhum carro à venda corresponde a estes filtros.',
  noCars: 'Esta concessionária não tem carros à venda no momento.',
  morePage: 'Mais carros',
  firstPage: 'Voltar aos mais novos',
  badFilter: {
    price: 'Os preços vão em números inteiros, sem pontos nem sinais (por exemplo 85000). Esse filtro de preço não foi aplicado.',
    year: 'Os anos vão com quatro dígitos, entre 1900 e 2100. Esse filtro de ano não foi aplicado.',
    priceRange: 'O preço mínimo é maior que o máximo. O filtro de preço não foi aplicado.',
    yearRange: 'O ano inicial é posterior ao final. O filtro de ano não foi aplicado.',
    brand: 'Essa marca não está entre os carros desta concessionária. O filtro de marca não foi aplicado.',
    page: 'O endereço dessa página não é válido: estes são os carros mais novos.',
  },
  dealerNotFoundTitle: 'Concessionária não encontrada',
  dealerNotFoundBody: 'Não há nenhuma concessionária neste endereço.',
  seeAllCars: 'Ver todos os carros dela',
  otherCars: 'Outros carros desta concessionária',
  dealerCard: 'A concessionária',
  goneHeadline: 'Vendido ou não é mais oferecido',
  address: 'Endereço',
  onMap: 'Ver no mapa',
  hours: 'Horário de atendimento',
  website: 'Site',
  logoAlt: (d) => `Logotipo de ${d}`,
  contactDealer: 'Contato',
  call: 'Ligar',
  whatsapp: 'WhatsApp',
  write: 'Escrever',
  quickContact: 'Falar com a concessionária',
  similarCars: 'Carros semelhantes à venda',
  thanksNextTitle: 'O que acontece agora',
  thanksNext: (d) => [
    `${d} recebeu sua mensagem com os dados do carro.`,
    'A concessionária vai responder no e-mail ou telefone que você informou.',
    'Fique de olho no seu e-mail (inclusive na pasta de spam) e no seu telefone.',
  ],
  thanksWhatsapp: 'Escrever pelo WhatsApp',
  thanksWhatsappIntro: 'Com pressa? Você também pode escrever agora para a concessionária pelo WhatsApp.',
  errorsTitle: 'Sua mensagem não foi enviada',
  values: VALUE_WORDS.pt,
  problems: {
    name_required: () => 'Informe seu nome.',
    name_too_long: (max) => `Seu nome pode ter no máximo ${max} caracteres.`,
    name_invalid: () => 'Seu nome contém caracteres não permitidos.',
    email_invalid: () => 'O e-mail não é válido.',
    email_too_long: (max) => `O e-mail pode ter no máximo ${max} caracteres.`,
    phone_invalid: () => 'O telefone não é válido (dígitos, espaços, +, -, parênteses; de 6 a 15 dígitos).',
    phone_too_long: (max) => `O telefone pode ter no máximo ${max} caracteres.`,
    contact_required: () => 'Informe um e-mail ou um telefone.',
    message_required: () => 'Escreva uma mensagem.',
    message_too_long: (max) => `A mensagem pode ter no máximo ${max} caracteres.`,
    message_invalid: () => 'A mensagem contém caracteres não permitidos.',
    name_invisible: (_m, f) => `Seu nome tem um caractere invisível não permitido (${f?.char}, na posição ${f?.position}). Digite-o de novo em vez de colar.`,
    email_invisible: (_m, f) => `O e-mail tem um caractere invisível não permitido (${f?.char}, na posição ${f?.position}). Digite-o de novo em vez de colar.`,
    phone_invisible: (_m, f) =>
      `O telefone tem um caractere invisível não permitido (${f?.char}, na posição ${f?.position}). Digite-o de novo em vez de colar.`,
    message_invisible: (_m, f) =>
      `A mensagem tem um caractere invisível não permitido (${f?.char}, na posição ${f?.position}). Apague-o ou digite a mensagem de novo em vez de colar.`,
    not_text: () => 'Um campo não foi enviado como texto.',
  },
};

export const TEXTS: Record<Lang, Texts> = { en, es, pt };
