// Why a car's photo could not be used (D31): kept as codes on the photo (photos.reason and the
// car's photo_state) and said in each reader's language — the API's `photo_status`, the panel's
// car page, `review_reasons`. Each is a clause that ends a sentence ("Photo 2 could not be used: …").
import type { Table } from '../entry.js';

export const PHOTOS = {
  photo_http_status: {
    p: ['status'],
    en: 'the server answered HTTP {status}',
    es: 'el servidor respondió HTTP {status}',
    pt: 'o servidor respondeu HTTP {status}',
  },
  photo_host_unknown: {
    p: ['host'],
    en: 'the host name {host} does not exist',
    es: 'el servidor {host} no existe',
    pt: 'o servidor {host} não existe',
  },
  photo_file_too_large: {
    p: ['max'],
    en: 'the file is larger than {max} MB',
    es: 'el archivo pesa más de {max} MB',
    pt: 'o arquivo tem mais de {max} MB',
  },
  photo_fetch_failed: {
    p: ['kind', 'detail'],
    en: '{kind, select, other {{detail}}}',
    es: '{kind, select, invalid_url {la dirección no es válida} scheme_not_allowed {la dirección no usa http ni https} port_not_allowed {la dirección usa un puerto no permitido} credentials_in_url {la dirección lleva usuario o contraseña} address_not_allowed {el servidor no es una dirección pública} dns_failed {no se pudo encontrar el servidor} connect_failed {no se pudo conectar con el servidor} too_many_redirects {el servidor redirigió demasiadas veces} redirect_not_allowed {el servidor redirigió a una dirección no permitida} redirect_downgrade {el servidor redirigió de https a http} timeout {el servidor tardó demasiado en responder} too_large {el archivo es demasiado grande} other {no se pudo descargar}}',
    pt: '{kind, select, invalid_url {o endereço não é válido} scheme_not_allowed {o endereço não usa http nem https} port_not_allowed {o endereço usa uma porta não permitida} credentials_in_url {o endereço tem usuário ou senha} address_not_allowed {o servidor não é um endereço público} dns_failed {não foi possível encontrar o servidor} connect_failed {não foi possível conectar ao servidor} too_many_redirects {o servidor redirecionou vezes demais} redirect_not_allowed {o servidor redirecionou para um endereço não permitido} redirect_downgrade {o servidor redirecionou de https para http} timeout {o servidor demorou demais para responder} too_large {o arquivo é grande demais} other {não foi possível baixá-la}}',
  },
  photo_download_store_down: {
    en: 'our photo storage did not answer (not a problem with the photo)',
    es: 'nuestro almacenamiento de fotos no respondió (no es un problema de la foto)',
    pt: 'nosso armazenamento de fotos não respondeu (não é um problema da foto)',
  },
  photo_url_invalid: { en: 'the URL is not valid', es: 'la dirección no es válida', pt: 'o endereço não é válido' },
  photo_unexpected: {
    p: ['detail'],
    en: 'unexpected error: {detail}',
    es: 'error inesperado de nuestro lado ({detail})',
    pt: 'erro inesperado do nosso lado ({detail})',
  },
  photo_removed: {
    en: "removed from the car's photos before it was downloaded",
    es: 'se quitó de las fotos del auto antes de descargarla',
    pt: 'foi tirada das fotos do carro antes de ser baixada',
  },
  photo_gave_up: {
    p: ['reason', 'tries'],
    en: '{reason} (gave up after {tries} tries)',
    es: '{reason} (sin éxito después de {tries} intentos)',
    pt: '{reason} (sem sucesso depois de {tries} tentativas)',
  },
  photo_retrying: {
    p: ['reason'],
    en: 'retrying: {reason}',
    es: 'se vuelve a intentar: {reason}',
    pt: 'nova tentativa em breve: {reason}',
  },
  image_empty: { en: 'the file is empty', es: 'el archivo está vacío', pt: 'o arquivo está vazio' },
  image_too_large: {
    p: ['max'],
    en: 'the file is larger than {max} MB',
    es: 'el archivo pesa más de {max} MB',
    pt: 'o arquivo tem mais de {max} MB',
  },
  image_not_image: {
    en: 'not a JPEG, PNG or WebP image (judged by its content, whatever its Content-Type)',
    es: 'no es una imagen JPEG, PNG ni WebP',
    pt: 'não é uma imagem JPEG, PNG nem WebP',
  },
  image_unreadable: {
    p: ['detail'],
    en: 'the image cannot be read ({detail})',
    es: 'la imagen no se puede leer ({detail})',
    pt: 'a imagem não pode ser lida ({detail})',
  },
  image_wrong_content: {
    p: ['format'],
    en: 'the content is not a valid {format} image',
    es: 'el contenido no es una imagen {format} válida',
    pt: 'o conteúdo não é uma imagem {format} válida',
  },
  image_no_size: { en: 'the image has no size', es: 'la imagen no tiene tamaño', pt: 'a imagem não tem tamanho' },
  image_too_many_pixels: {
    p: ['max'],
    en: 'the image is larger than {max} megapixels',
    es: 'la imagen tiene más de {max} megapíxeles',
    pt: 'a imagem tem mais de {max} megapixels',
  },
  image_undecodable: {
    p: ['detail'],
    en: 'the image cannot be decoded ({detail})',
    es: 'la imagen no se puede decodificar ({detail})',
    pt: 'a imagem não pode ser decodificada ({detail})',
  },
} as const satisfies Table;
