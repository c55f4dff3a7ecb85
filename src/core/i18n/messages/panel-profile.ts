// The words of the panel's dealership profile page (D32, D31, P179): dealers/pages.ts reads them
// as textsOf('profile.').
import type { Table } from '../entry.js';

export const PANEL_PROFILE = {
  'profile.title': { en: 'Dealership profile', es: 'Perfil de la concesionaria', pt: 'Perfil da concessionária' },
  'profile.intro': {
    en: 'What buyers see about your dealership next to your cars: how to call you, write to you on WhatsApp and find you.',
    es: 'Lo que los compradores ven de su concesionaria junto a sus autos: cómo llamarla, escribirle por WhatsApp y encontrarla.',
    pt: 'O que os compradores veem da sua concessionária junto aos seus carros: como ligar, chamar no WhatsApp e encontrá-la.',
  },
  'profile.ownersOnly': {
    en: 'Only the dealership’s owners can change the profile.',
    es: 'Solo los dueños de la concesionaria pueden cambiar el perfil.',
    pt: 'Só os donos da concessionária podem alterar o perfil.',
  },
  'profile.field.phone': { en: 'Phone', es: 'Teléfono', pt: 'Telefone' },
  'profile.field.whatsapp': { en: 'WhatsApp', es: 'WhatsApp', pt: 'WhatsApp' },
  'profile.field.address': { en: 'Address', es: 'Dirección', pt: 'Endereço' },
  'profile.field.website': { en: 'Website', es: 'Sitio web', pt: 'Site' },
  'profile.field.opening_hours': { en: 'Opening hours', es: 'Horario de atención', pt: 'Horário de atendimento' },
  'profile.field.time_zone': { en: 'Time zone', es: 'Zona horaria', pt: 'Fuso horário' },
  'profile.help.phone': {
    en: 'As you write it, for example 11 4444-2222; numbers of other countries with + and the country code.',
    es: 'Como lo escribe usted, por ejemplo 11 4444-2222; los de otros países, con + y el código del país.',
    pt: 'Como você escreve, por exemplo (11) 3444-2222; os de outros países, com + e o código do país.',
  },
  'profile.help.whatsapp': {
    en: 'The mobile that answers buyers on WhatsApp, as you write it.',
    es: 'El celular que atiende a los compradores por WhatsApp, como lo escribe usted.',
    pt: 'O celular que atende os compradores no WhatsApp, como você escreve.',
  },
  'profile.help.address': { en: 'Street and number, city.', es: 'Calle y número, ciudad.', pt: 'Rua e número, cidade.' },
  'profile.help.website': { en: 'For example autosdelsur.com.ar.', es: 'Por ejemplo autosdelsur.com.ar.', pt: 'Por exemplo autosdosul.com.br.' },
  'profile.help.opening_hours': {
    en: 'A short line, for example “Mon to Fri 9 to 18, Sat 9 to 13”.',
    es: 'Una línea breve, por ejemplo «Lun a vie de 9 a 18, sáb de 9 a 13».',
    pt: 'Uma linha curta, por exemplo “Seg a sex das 9 às 18, sáb das 9 às 13”.',
  },
  'profile.help.time_zone': {
    en: 'Every time in the panel and in e-mails is shown in it.',
    es: 'Todas las horas del panel y de los correos se muestran en ella.',
    pt: 'Todos os horários do painel e dos e-mails são mostrados nele.',
  },
  'profile.zonesOfMarkets': { en: 'Your markets', es: 'Sus mercados', pt: 'Seus mercados' },
  'profile.allZones': { en: 'All time zones', es: 'Todas las zonas horarias', pt: 'Todos os fusos horários' },
  'profile.notSet': { en: 'Not given', es: 'Sin indicar', pt: 'Não informado' },
  'profile.problem.phone_invalid': {
    en: 'This is not a phone number we can read. Write it as you would give it to a customer, for example 11 4444-2222.',
    es: 'No es un teléfono que podamos leer. Escríbalo como se lo daría a un cliente, por ejemplo 11 4444-2222.',
    pt: 'Não é um telefone que conseguimos ler. Escreva como passaria a um cliente, por exemplo (11) 3444-2222.',
  },
  'profile.problem.whatsapp_invalid': {
    en: 'This is not a mobile number we can read. Write it as you would give it to a customer, for example 11 4444-2222.',
    es: 'No es un celular que podamos leer. Escríbalo como se lo daría a un cliente, por ejemplo 11 4444-2222.',
    pt: 'Não é um celular que conseguimos ler. Escreva como passaria a um cliente, por exemplo (11) 91234-5678.',
  },
  'profile.problem.too_long': {
    en: 'This is too long: at most 200 characters.',
    es: 'Es demasiado largo: como máximo 200 caracteres.',
    pt: 'É longo demais: no máximo 200 caracteres.',
  },
  'profile.problem.control': {
    en: 'Use only letters, numbers, spaces and punctuation: no invisible text-direction marks or other control characters.',
    es: 'Use solo letras, números, espacios y signos: sin marcas invisibles de dirección del texto ni otros caracteres de control.',
    pt: 'Use só letras, números, espaços e sinais: sem marcas invisíveis de direção do texto nem outros caracteres de controle.',
  },
  'profile.problem.website_invalid': {
    en: 'This is not a web address. Write it as in the browser, for example autosdelsur.com.ar.',
    es: 'No es una dirección web. Escríbala como en el navegador, por ejemplo autosdelsur.com.ar.',
    pt: 'Não é um endereço web. Escreva como no navegador, por exemplo autosdosul.com.br.',
  },
  'profile.problem.time_zone_invalid': {
    en: 'Choose a time zone from the list.',
    es: 'Elija una zona horaria de la lista.',
    pt: 'Escolha um fuso horário da lista.',
  },
  'profile.fixBelow': {
    en: 'The profile was not saved: check the fields marked below.',
    es: 'El perfil no se guardó: revise los campos marcados abajo.',
    pt: 'O perfil não foi salvo: confira os campos marcados abaixo.',
  },
  'profile.save': { en: 'Save profile', es: 'Guardar perfil', pt: 'Salvar perfil' },
  'profile.saved': { en: 'The profile was saved.', es: 'El perfil se guardó.', pt: 'O perfil foi salvo.' },
  'profile.logo.title': { en: 'Logo', es: 'Logo', pt: 'Logotipo' },
  'profile.logo.help': {
    p: ['mb'],
    en: 'A JPEG, PNG or WebP image of up to {mb} MB. Buyers see it on your storefront and next to each of your cars, at most 256 pixels a side.',
    es: 'Una imagen JPEG, PNG o WebP de hasta {mb} MB. Los compradores la ven en su vidriera y junto a cada uno de sus autos, de 256 píxeles de lado como máximo.',
    pt: 'Uma imagem JPEG, PNG ou WebP de até {mb} MB. Os compradores a veem na sua vitrine e junto a cada um dos seus carros, com no máximo 256 pixels de lado.',
  },
  'profile.logo.none': {
    en: 'No logo yet: buyers see your dealership’s initial instead.',
    es: 'Todavía no hay logo: los compradores ven la inicial de su concesionaria.',
    pt: 'Ainda não há logotipo: os compradores veem a inicial da sua concessionária.',
  },
  'profile.logo.alt': { p: ['name'], en: 'Logo of {name}', es: 'Logo de {name}', pt: 'Logotipo de {name}' },
  'profile.logo.file': { en: 'Choose the logo image', es: 'Elegir la imagen del logo', pt: 'Escolher a imagem do logotipo' },
  'profile.logo.upload': { en: 'Upload logo', es: 'Subir logo', pt: 'Enviar logotipo' },
  'profile.logo.replace': { en: 'Replace logo', es: 'Reemplazar logo', pt: 'Trocar logotipo' },
  'profile.logo.remove': { en: 'Remove logo', es: 'Quitar logo', pt: 'Remover logotipo' },
  'profile.logo.saved': { en: 'The logo was saved.', es: 'El logo se guardó.', pt: 'O logotipo foi salvo.' },
  'profile.logo.removed': { en: 'The logo was removed.', es: 'El logo se quitó.', pt: 'O logotipo foi removido.' },
  'profile.logo.missing': { en: 'Choose an image before uploading it.', es: 'Elija una imagen antes de subirla.', pt: 'Escolha uma imagem antes de enviar.' },
  'profile.logo.tooLarge': {
    p: ['mb'],
    en: 'The file is larger than {mb} MB. Choose a smaller image.',
    es: 'El archivo pesa más de {mb} MB. Elija una imagen más liviana.',
    pt: 'O arquivo tem mais de {mb} MB. Escolha uma imagem menor.',
  },
  'profile.logo.unreadable': {
    en: 'The file could not be read. Try again.',
    es: 'No se pudo leer el archivo. Intente de nuevo.',
    pt: 'Não foi possível ler o arquivo. Tente de novo.',
  },
  'profile.logo.unreadableImage': {
    en: 'the image is damaged or cannot be read',
    es: 'la imagen está dañada o no se puede leer',
    pt: 'a imagem está danificada ou não pode ser lida',
  },
  'profile.logo.rejected': {
    p: ['why'],
    en: 'This file cannot be the logo: {why}',
    es: 'Este archivo no puede ser el logo: {why}',
    pt: 'Este arquivo não pode ser o logotipo: {why}',
  },
} as const satisfies Table;
