// The words of the public pages (D31, P179): a car's page, a dealership's storefront, the
// inquiry form and its thank-you page, the home page, the sandbox's banner and the WhatsApp
// messages. listings/locale.ts reads them as textsOf('public.') in the market's language.
import type { Table } from '../entry.js';

export const PUBLIC_PAGES = {
  'public.price': { en: 'Price', es: 'Precio', pt: 'Preço' },
  // The dealer's stock ID, which a buyer can quote to the dealership.
  'public.stockId': { en: 'Stock number', es: 'Referencia', pt: 'Referência' },
  'public.details': { en: 'Details', es: 'Datos', pt: 'Dados' },
  'public.description': { en: 'Description', es: 'Descripción', pt: 'Descrição' },
  'public.photos': { en: 'Photos', es: 'Fotos', pt: 'Fotos' },
  'public.photoAlt': {
    p: ['n', 'total', 'title'],
    en: '{title}, photo {n} of {total}',
    es: '{title}, foto {n} de {total}',
    pt: '{title}, foto {n} de {total}',
  },
  // The gallery's controls (P145).
  'public.prevPhoto': { en: 'Previous photo', es: 'Foto anterior', pt: 'Foto anterior' },
  'public.nextPhoto': { en: 'Next photo', es: 'Foto siguiente', pt: 'Próxima foto' },
  'public.fullScreen': { en: 'Full screen', es: 'Pantalla completa', pt: 'Tela cheia' },
  'public.exitFullScreen': { en: 'Exit full screen', es: 'Salir de pantalla completa', pt: 'Sair da tela cheia' },
  'public.noPhotos': { en: 'No photos yet.', es: 'Todavía no hay fotos.', pt: 'Ainda não há fotos.' },
  'public.soldBy': { en: 'Sold by', es: 'Lo vende', pt: 'Vendido por' },
  'public.contactHeading': { en: 'Contact the dealership', es: 'Contactar a la concesionaria', pt: 'Falar com a concessionária' },
  'public.contactIntro': {
    en: 'Write to the dealership about this car.',
    es: 'Escribile a la concesionaria sobre este auto.',
    pt: 'Escreva para a concessionária sobre este carro.',
  },
  'public.name': { en: 'Your name', es: 'Tu nombre', pt: 'Seu nome' },
  'public.email': { en: 'E-mail', es: 'Correo electrónico', pt: 'E-mail' },
  'public.phone': { en: 'Phone', es: 'Teléfono', pt: 'Telefone' },
  'public.message': { en: 'Message', es: 'Mensaje', pt: 'Mensagem' },
  'public.honeypot': { en: 'Leave this field empty', es: 'Dejá este campo vacío', pt: 'Deixe este campo vazio' },
  'public.required': { en: 'required', es: 'obligatorio', pt: 'obrigatório' },
  'public.contactHint': {
    en: 'Give an e-mail address or a phone number (or both) so the dealership can answer.',
    es: 'Indicá un correo electrónico o un teléfono (o ambos) para que la concesionaria pueda responderte.',
    pt: 'Informe um e-mail ou um telefone (ou ambos) para que a concessionária possa responder.',
  },
  'public.send': { en: 'Send message', es: 'Enviar mensaje', pt: 'Enviar mensagem' },
  'public.privacy': {
    en: 'Your contact details go to this dealership only.',
    es: 'Tus datos de contacto solo se comparten con esta concesionaria.',
    pt: 'Seus dados de contato vão somente para esta concessionária.',
  },
  'public.checkForm': { en: 'Please check the form:', es: 'Revisá el formulario:', pt: 'Verifique o formulário:' },
  'public.goneTitle': { en: 'This car is no longer available', es: 'Este auto ya no está disponible', pt: 'Este carro não está mais disponível' },
  'public.goneBody': { en: 'It has been sold or is no longer offered.', es: 'Fue vendido o ya no se ofrece.', pt: 'Foi vendido ou não é mais oferecido.' },
  'public.goneNotSent': {
    en: 'Your message was not sent because this car is no longer available.',
    es: 'Tu mensaje no se envió porque este auto ya no está disponible.',
    pt: 'Sua mensagem não foi enviada porque este carro não está mais disponível.',
  },
  'public.notYetTitle': {
    en: 'This listing is not available yet',
    es: 'Esta publicación todavía no está disponible',
    pt: 'Este anúncio ainda não está disponível',
  },
  'public.notYetBody': {
    en: 'It will be published shortly. Please check back later.',
    es: 'Se publicará en breve. Volvé a intentarlo más tarde.',
    pt: 'Será publicado em breve. Tente novamente mais tarde.',
  },
  'public.notFoundTitle': { en: 'We could not find this car', es: 'No encontramos este auto', pt: 'Não encontramos este carro' },
  'public.notFoundBody': {
    en: 'The link may be incomplete, or the car is no longer listed here.',
    es: 'Puede que el enlace esté incompleto o que el auto ya no esté publicado aquí.',
    pt: 'Talvez o link esteja incompleto ou o carro não esteja mais anunciado aqui.',
  },
  // What a not-found page offers instead (P199).
  'public.notFoundCars': { en: 'Cars for sale now', es: 'Autos en venta ahora', pt: 'Carros à venda agora' },
  'public.thanksTitle': { en: 'Thank you, your message was sent', es: 'Gracias, tu mensaje fue enviado', pt: 'Obrigado, sua mensagem foi enviada' },
  'public.thanksBody': { p: ['dealer'], en: '{dealer} will answer you soon.', es: '{dealer} te responderá pronto.', pt: '{dealer} responderá em breve.' },
  'public.back': { en: 'Back to the listing', es: 'Volver a la publicación', pt: 'Voltar ao anúncio' },
  'public.notSent': {
    en: 'Your message could not be sent. Please go back and try again.',
    es: 'Tu mensaje no se pudo enviar. Volvé atrás e intentalo de nuevo.',
    pt: 'Não foi possível enviar sua mensagem. Volte e tente novamente.',
  },
  'public.tooLarge': {
    en: 'Your message is too long to be sent.',
    es: 'Tu mensaje es demasiado largo para enviarlo.',
    pt: 'Sua mensagem é longa demais para ser enviada.',
  },
  'public.failedTitle': { en: 'Something went wrong', es: 'Algo salió mal', pt: 'Algo deu errado' },
  'public.failedBody': {
    en: 'This page could not be shown. Please try again in a moment.',
    es: 'No se pudo mostrar esta página. Intentá de nuevo en un momento.',
    pt: 'Não foi possível mostrar esta página. Tente novamente em instantes.',
  },
  'public.skip': { en: 'Skip to the content', es: 'Saltar al contenido', pt: 'Pular para o conteúdo' },
  'public.rateLimited': {
    p: ['minutes'],
    en: 'Too many messages were sent from your connection. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
    es: 'Se enviaron demasiados mensajes desde tu conexión. Intentá de nuevo en {minutes, plural, one {# minuto} other {# minutos}}.',
    pt: 'Muitas mensagens foram enviadas da sua conexão. Tente novamente em {minutes, plural, one {# minuto} other {# minutos}}.',
  },
  // The storefront (D36, P86) and a car's links to it.
  'public.storefrontTitle': { p: ['dealer'], en: 'Cars for sale at {dealer}', es: 'Autos en venta de {dealer}', pt: 'Carros à venda de {dealer}' },
  'public.storefrontDescription': {
    p: ['dealer'],
    en: 'Every car for sale at {dealer}: photos, prices and details.',
    es: 'Todos los autos en venta de {dealer}: fotos, precios y datos.',
    pt: 'Todos os carros à venda de {dealer}: fotos, preços e dados.',
  },
  'public.storefrontDescriptionIn': {
    p: ['dealer', 'city'],
    en: 'Every car for sale at {dealer}, {city}: photos, prices and details.',
    es: 'Todos los autos en venta de {dealer}, {city}: fotos, precios y datos.',
    pt: 'Todos os carros à venda de {dealer}, {city}: fotos, preços e dados.',
  },
  'public.carsForSale': { en: 'Cars for sale', es: 'Autos en venta', pt: 'Carros à venda' },
  'public.filters': { en: 'Filter the cars', es: 'Filtrar los autos', pt: 'Filtrar os carros' },
  'public.brand': { en: 'Make', es: 'Marca', pt: 'Marca' },
  'public.anyBrand': { en: 'All makes', es: 'Todas las marcas', pt: 'Todas as marcas' },
  'public.priceFrom': { en: 'Price from', es: 'Precio desde', pt: 'Preço a partir de' },
  'public.priceTo': { en: 'Price up to', es: 'Precio hasta', pt: 'Preço até' },
  'public.yearFrom': { en: 'Year from', es: 'Año desde', pt: 'Ano a partir de' },
  'public.yearTo': { en: 'Year up to', es: 'Año hasta', pt: 'Ano até' },
  'public.search': { en: 'Show cars', es: 'Ver autos', pt: 'Ver carros' },
  'public.clearFilters': { en: 'Clear the filters', es: 'Quitar los filtros', pt: 'Limpar os filtros' },
  'public.noCarsFiltered': {
    en: 'No car for sale matches these filters.',
    es: 'Ningún auto en venta coincide con estos filtros.',
    pt: 'Nenhum carro à venda corresponde a estes filtros.',
  },
  'public.noCars': {
    en: 'This dealership has no cars for sale right now.',
    es: 'Esta concesionaria no tiene autos en venta en este momento.',
    pt: 'Esta concessionária não tem carros à venda no momento.',
  },
  'public.morePage': { en: 'More cars', es: 'Más autos', pt: 'Mais carros' },
  'public.firstPage': { en: 'Back to the newest cars', es: 'Volver a los más nuevos', pt: 'Voltar aos mais novos' },
  'public.badFilter.price': {
    en: 'That price could not be read: write it in figures, such as 15,000,000. That price filter was left out.',
    es: 'No se pudo leer ese precio: escribilo en números, como 15.000.000. No se aplicó ese filtro de precio.',
    pt: 'Não foi possível ler esse preço: escreva em números, como 85.000. Esse filtro de preço não foi aplicado.',
  },
  'public.badFilter.year': {
    en: 'Years must be four digits between 1900 and 2100. That year filter was left out.',
    es: 'Los años van con cuatro cifras, entre 1900 y 2100. No se aplicó ese filtro de año.',
    pt: 'Os anos vão com quatro dígitos, entre 1900 e 2100. Esse filtro de ano não foi aplicado.',
  },
  'public.badFilter.priceRange': {
    en: 'The lowest price is above the highest one. The price filter was left out.',
    es: 'El precio mínimo es mayor que el máximo. No se aplicó el filtro de precio.',
    pt: 'O preço mínimo é maior que o máximo. O filtro de preço não foi aplicado.',
  },
  'public.badFilter.yearRange': {
    en: 'The first year is after the last one. The year filter was left out.',
    es: 'El año inicial es posterior al final. No se aplicó el filtro de año.',
    pt: 'O ano inicial é posterior ao final. O filtro de ano não foi aplicado.',
  },
  'public.badFilter.brand': {
    en: "That make is not among this dealership's cars. The make filter was left out.",
    es: 'Esa marca no está entre los autos de esta concesionaria. No se aplicó el filtro de marca.',
    pt: 'Essa marca não está entre os carros desta concessionária. O filtro de marca não foi aplicado.',
  },
  'public.badFilter.page': {
    en: 'That page address is not valid: here are the newest cars.',
    es: 'La dirección de esa página no es válida: estos son los autos más nuevos.',
    pt: 'O endereço dessa página não é válido: estes são os carros mais novos.',
  },
  'public.dealerNotFoundTitle': { en: 'Dealership not found', es: 'Concesionaria no encontrada', pt: 'Concessionária não encontrada' },
  'public.dealerNotFoundBody': {
    en: 'There is no dealership at this address.',
    es: 'No hay ninguna concesionaria en esta dirección.',
    pt: 'Não há nenhuma concessionária neste endereço.',
  },
  'public.seeAllCars': { en: 'See all its cars', es: 'Ver todos sus autos', pt: 'Ver todos os carros dela' },
  'public.otherCars': { en: 'Other cars from this dealership', es: 'Otros autos de esta concesionaria', pt: 'Outros carros desta concessionária' },
  'public.dealerCard': { en: 'The dealership', es: 'La concesionaria', pt: 'A concessionária' },
  'public.goneHeadline': { en: 'Sold or no longer offered', es: 'Vendido o ya no se ofrece', pt: 'Vendido ou não é mais oferecido' },
  // The dealership's card and the phone's contact bar (D36, P112, P113).
  'public.address': { en: 'Address', es: 'Dirección', pt: 'Endereço' },
  'public.onMap': { en: 'See it on the map', es: 'Ver en el mapa', pt: 'Ver no mapa' },
  'public.hours': { en: 'Opening hours', es: 'Horario de atención', pt: 'Horário de atendimento' },
  'public.website': { en: 'Website', es: 'Sitio web', pt: 'Site' },
  // The dealership's logo's alternative text (P132).
  'public.logoAlt': { p: ['dealer'], en: 'Logo of {dealer}', es: 'Logo de {dealer}', pt: 'Logotipo de {dealer}' },
  // The storefront's contact section (P133).
  'public.contactDealer': { en: 'Contact', es: 'Contacto', pt: 'Contato' },
  'public.call': { en: 'Call', es: 'Llamar', pt: 'Ligar' },
  'public.whatsapp': { en: 'WhatsApp', es: 'WhatsApp', pt: 'WhatsApp' },
  'public.write': { en: 'Write', es: 'Escribir', pt: 'Escrever' },
  'public.quickContact': { en: 'Contact the dealership', es: 'Contactar a la concesionaria', pt: 'Falar com a concessionária' },
  // A sold car's page: cars like it for sale at any dealership (P115).
  'public.similarCars': { en: 'Similar cars for sale', es: 'Autos similares en venta', pt: 'Carros semelhantes à venda' },
  // The thank-you page (P114).
  'public.thanksNextTitle': { en: 'What happens next', es: 'Qué sigue', pt: 'O que acontece agora' },
  'public.thanksNext.received': {
    p: ['dealer'],
    en: '{dealer} has received your message with the details of the car.',
    es: '{dealer} recibió tu mensaje con los datos del auto.',
    pt: '{dealer} recebeu sua mensagem com os dados do carro.',
  },
  'public.thanksNext.answer': {
    en: 'They will answer you at the e-mail or phone number you gave.',
    es: 'Te va a responder al correo electrónico o teléfono que dejaste.',
    pt: 'A concessionária vai responder no e-mail ou telefone que você informou.',
  },
  'public.thanksNext.watch': {
    en: 'Keep an eye on your inbox (and its spam folder) and your phone.',
    es: 'Revisá tu correo (también la carpeta de spam) y tu teléfono.',
    pt: 'Fique de olho no seu e-mail (inclusive na pasta de spam) e no seu telefone.',
  },
  'public.thanksWhatsapp': { en: 'Write on WhatsApp', es: 'Escribir por WhatsApp', pt: 'Escrever pelo WhatsApp' },
  'public.thanksWhatsappIntro': {
    en: 'In a hurry? You can also write to the dealership on WhatsApp now.',
    es: '¿Estás apurado? También podés escribirle ahora a la concesionaria por WhatsApp.',
    pt: 'Com pressa? Você também pode escrever agora para a concessionária pelo WhatsApp.',
  },
  'public.errorsTitle': { en: 'Your message was not sent', es: 'Tu mensaje no se envió', pt: 'Sua mensagem não foi enviada' },
  'public.problems.name_required': { en: 'Please give your name.', es: 'Indicá tu nombre.', pt: 'Informe seu nome.' },
  'public.problems.name_too_long': {
    p: ['max'],
    en: 'Your name can have at most {max} characters.',
    es: 'Tu nombre puede tener como máximo {max} caracteres.',
    pt: 'Seu nome pode ter no máximo {max} caracteres.',
  },
  'public.problems.name_invalid': {
    en: 'Your name contains characters that are not allowed.',
    es: 'Tu nombre contiene caracteres no permitidos.',
    pt: 'Seu nome contém caracteres não permitidos.',
  },
  'public.problems.email_invalid': { en: 'The e-mail address is not valid.', es: 'El correo electrónico no es válido.', pt: 'O e-mail não é válido.' },
  'public.problems.email_too_long': {
    p: ['max'],
    en: 'The e-mail address can have at most {max} characters.',
    es: 'El correo electrónico puede tener como máximo {max} caracteres.',
    pt: 'O e-mail pode ter no máximo {max} caracteres.',
  },
  'public.problems.phone_invalid': {
    en: 'The phone number is not valid (digits, spaces, +, -, parentheses; 6 to 15 digits).',
    es: 'El teléfono no es válido (dígitos, espacios, +, -, paréntesis; de 6 a 15 dígitos).',
    pt: 'O telefone não é válido (dígitos, espaços, +, -, parênteses; de 6 a 15 dígitos).',
  },
  'public.problems.phone_too_long': {
    p: ['max'],
    en: 'The phone number can have at most {max} characters.',
    es: 'El teléfono puede tener como máximo {max} caracteres.',
    pt: 'O telefone pode ter no máximo {max} caracteres.',
  },
  'public.problems.contact_required': {
    en: 'Please give an e-mail address or a phone number.',
    es: 'Indicá un correo electrónico o un teléfono.',
    pt: 'Informe um e-mail ou um telefone.',
  },
  'public.problems.message_required': { en: 'Please write a message.', es: 'Escribí un mensaje.', pt: 'Escreva uma mensagem.' },
  'public.problems.message_too_long': {
    p: ['max'],
    en: 'The message can have at most {max} characters.',
    es: 'El mensaje puede tener como máximo {max} caracteres.',
    pt: 'A mensagem pode ter no máximo {max} caracteres.',
  },
  'public.problems.message_invalid': {
    en: 'The message contains characters that are not allowed.',
    es: 'El mensaje contiene caracteres no permitidos.',
    pt: 'A mensagem contém caracteres não permitidos.',
  },
  // An invisible formatting character (P155): which one, and at which character of the field.
  'public.problems.name_invisible': {
    p: ['char', 'position'],
    en: 'Your name holds an invisible character that is not allowed ({char}, at character {position}). Please type it again rather than pasting it.',
    es: 'Tu nombre tiene un carácter invisible no permitido ({char}, en la posición {position}). Escribilo de nuevo en lugar de pegarlo.',
    pt: 'Seu nome tem um caractere invisível não permitido ({char}, na posição {position}). Digite-o de novo em vez de colar.',
  },
  'public.problems.email_invisible': {
    p: ['char', 'position'],
    en: 'The e-mail address holds an invisible character that is not allowed ({char}, at character {position}). Please type it again rather than pasting it.',
    es: 'El correo electrónico tiene un carácter invisible no permitido ({char}, en la posición {position}). Escribilo de nuevo en lugar de pegarlo.',
    pt: 'O e-mail tem um caractere invisível não permitido ({char}, na posição {position}). Digite-o de novo em vez de colar.',
  },
  'public.problems.phone_invisible': {
    p: ['char', 'position'],
    en: 'The phone number holds an invisible character that is not allowed ({char}, at character {position}). Please type it again rather than pasting it.',
    es: 'El teléfono tiene un carácter invisible no permitido ({char}, en la posición {position}). Escribilo de nuevo en lugar de pegarlo.',
    pt: 'O telefone tem um caractere invisível não permitido ({char}, na posição {position}). Digite-o de novo em vez de colar.',
  },
  'public.problems.message_invisible': {
    p: ['char', 'position'],
    en: 'The message holds an invisible character that is not allowed ({char}, at character {position}). Please delete it, or type the message again rather than pasting it.',
    es: 'El mensaje tiene un carácter invisible no permitido ({char}, en la posición {position}). Borralo, o escribí el mensaje de nuevo en lugar de pegarlo.',
    pt: 'A mensagem tem um caractere invisível não permitido ({char}, na posição {position}). Apague-o ou digite a mensagem de novo em vez de colar.',
  },
  'public.problems.not_text': { en: 'A field was not sent as text.', es: 'Un campo no se envió como texto.', pt: 'Um campo não foi enviado como texto.' },
  // The service's home page on the public host (listings/site.ts).
  'public.home.title': { en: 'Dealer Inventory', es: 'Dealer Inventory', pt: 'Dealer Inventory' },
  'public.home.intro': {
    en: 'Car listings from dealerships. Each car and each dealership has its own page.',
    es: 'Publicaciones de autos de concesionarias. Cada auto y cada concesionaria tiene su propia página.',
    pt: 'Anúncios de carros de concessionárias. Cada carro e cada concessionária tem a sua própria página.',
  },
  'public.home.panel': { en: 'Dealer panel', es: 'Panel de concesionarias', pt: 'Painel das concessionárias' },
  'public.home.panelHint': {
    en: 'For dealership staff: cars, inquiries and keys.',
    es: 'Para el personal de las concesionarias: autos, consultas y claves.',
    pt: 'Para a equipe das concessionárias: carros, contatos e chaves.',
  },
  'public.home.docs': { en: 'API documentation', es: 'Documentación de la API', pt: 'Documentação da API' },
  'public.home.docsHint': {
    en: 'For integrators: the API and its formats.',
    es: 'Para integradores: la API y sus formatos.',
    pt: 'Para integradores: a API e os seus formatos.',
  },
  // Over a sandbox car's page, to the live dealership's people (D35, P124; listings/sandbox-preview.ts).
  'public.sandboxBanner': {
    en: 'Sandbox: this car is only a test of your integration. Only you and your team see this page; buyers get “page not found”.',
    es: 'Sandbox: este auto es solo una prueba de su integración. Solo usted y su equipo ven esta página; los compradores ven «página no encontrada».',
    pt: 'Sandbox: este carro é só um teste da sua integração. Só você e sua equipe veem esta página; os compradores veem “página não encontrada”.',
  },
  // The message a WhatsApp button starts, about a car or a dealership's cars (listings/contact.ts).
  'public.whatsappMessage.car': {
    p: ['car', 'url'],
    en: 'Hello, I am interested in the {car} I saw at {url}',
    es: 'Hola, me interesa el {car} que vi en {url}',
    pt: 'Olá, tenho interesse no {car} que vi em {url}',
  },
  'public.whatsappMessage.dealer': {
    p: ['url'],
    en: 'Hello, I saw your cars at {url}',
    es: 'Hola, vi sus autos en {url}',
    pt: 'Olá, vi seus carros em {url}',
  },
} as const satisfies Table;
