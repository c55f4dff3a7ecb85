// The words of the panel's dealership profile page (D32), in the three languages.
import type { Lang } from '../../core/web/context.js';
import type { ProfileField, ProfileProblem } from './profile.js';

const en = {
  title: 'Dealership profile',
  intro: 'What buyers see about your dealership next to your cars: how to call you, write to you on WhatsApp and find you.',
  ownersOnly: 'Only the dealership’s owners can change the profile.',
  field: {
    phone: 'Phone',
    whatsapp: 'WhatsApp',
    address: 'Address',
    website: 'Website',
    opening_hours: 'Opening hours',
    time_zone: 'Time zone',
  } satisfies Record<ProfileField, string>,
  help: {
    phone: 'As you write it, for example 11 4444-2222; numbers of other countries with + and the country code.',
    whatsapp: 'The mobile that answers buyers on WhatsApp, as you write it.',
    address: 'Street and number, city.',
    website: 'For example autosdelsur.com.ar.',
    opening_hours: 'A short line, for example “Mon to Fri 9 to 18, Sat 9 to 13”.',
    time_zone: 'Every time in the panel and in e-mails is shown in it.',
  } satisfies Record<ProfileField, string>,
  zonesOfMarkets: 'Your markets',
  allZones: 'All time zones',
  notSet: 'Not given',
  problem: {
    phone_invalid: 'This is not a phone number we can read. Write it as you would give it to a customer, for example 11 4444-2222.',
    whatsapp_invalid: 'This is not a mobile number we can read. Write it as you would give it to a customer, for example 11 4444-2222.',
    too_long: 'This is too long: at most 200 characters.',
    website_invalid: 'This is not a web address. Write it as in the browser, for example autosdelsur.com.ar.',
    time_zone_invalid: 'Choose a time zone from the list.',
  } satisfies Record<ProfileProblem, string>,
  fixBelow: 'The profile was not saved: check the fields marked below.',
  save: 'Save profile',
  saved: 'The profile was saved.',
};

type T = typeof en;

const es: T = {
  title: 'Perfil de la concesionaria',
  intro: 'Lo que los compradores ven de su concesionaria junto a sus autos: cómo llamarla, escribirle por WhatsApp y encontrarla.',
  ownersOnly: 'Solo los dueños de la concesionaria pueden cambiar el perfil.',
  field: {
    phone: 'Teléfono',
    whatsapp: 'WhatsApp',
    address: 'Dirección',
    website: 'Sitio web',
    opening_hours: 'Horario de atención',
    time_zone: 'Zona horaria',
  },
  help: {
    phone: 'Como lo escribe usted, por ejemplo 11 4444-2222; los de otros países, con + y el código del país.',
    whatsapp: 'El celular que atiende a los compradores por WhatsApp, como lo escribe usted.',
    address: 'Calle y número, ciudad.',
    website: 'Por ejemplo autosdelsur.com.ar.',
    opening_hours: 'Una línea breve, por ejemplo «Lun a vie de 9 a 18, sáb de 9 a 13».',
    time_zone: 'Todas las horas del panel y de los correos se muestran en ella.',
  },
  zonesOfMarkets: 'Sus mercados',
  allZones: 'Todas las zonas horarias',
  notSet: 'Sin indicar',
  problem: {
    phone_invalid: 'No es un teléfono que podamos leer. Escríbalo como se lo daría a un cliente, por ejemplo 11 4444-2222.',
    whatsapp_invalid: 'No es un celular que podamos leer. Escríbalo como se lo daría a un cliente, por ejemplo 11 4444-2222.',
    too_long: 'Es demasiado largo: como máximo 200 caracteres.',
    website_invalid: 'No es una dirección web. Escríbala como en el navegador, por ejemplo autosdelsur.com.ar.',
    time_zone_invalid: 'Elija una zona horaria de la lista.',
  },
  fixBelow: 'El perfil no se guardó: revise los campos marcados abajo.',
  save: 'Guardar perfil',
  saved: 'El perfil se guardó.',
};

const pt: T = {
  title: 'Perfil da concessionária',
  intro: 'O que os compradores veem da sua concessionária junto aos seus carros: como ligar, chamar no WhatsApp e encontrá-la.',
  ownersOnly: 'Só os donos da concessionária podem alterar o perfil.',
  field: {
    phone: 'Telefone',
    whatsapp: 'WhatsApp',
    address: 'Endereço',
    website: 'Site',
    opening_hours: 'Horário de atendimento',
    time_zone: 'Fuso horário',
  },
  help: {
    phone: 'Como você escreve, por exemplo (11) 3444-2222; os de outros países, com + e o código do país.',
    whatsapp: 'O celular que atende os compradores no WhatsApp, como você escreve.',
    address: 'Rua e número, cidade.',
    website: 'Por exemplo autosdosul.com.br.',
    opening_hours: 'Uma linha curta, por exemplo “Seg a sex das 9 às 18, sáb das 9 às 13”.',
    time_zone: 'Todos os horários do painel e dos e-mails são mostrados nele.',
  },
  zonesOfMarkets: 'Seus mercados',
  allZones: 'Todos os fusos horários',
  notSet: 'Não informado',
  problem: {
    phone_invalid: 'Não é um telefone que conseguimos ler. Escreva como passaria a um cliente, por exemplo (11) 3444-2222.',
    whatsapp_invalid: 'Não é um celular que conseguimos ler. Escreva como passaria a um cliente, por exemplo (11) 91234-5678.',
    too_long: 'É longo demais: no máximo 200 caracteres.',
    website_invalid: 'Não é um endereço web. Escreva como no navegador, por exemplo autosdosul.com.br.',
    time_zone_invalid: 'Escolha um fuso horário da lista.',
  },
  fixBelow: 'O perfil não foi salvo: confira os campos marcados abaixo.',
  save: 'Salvar perfil',
  saved: 'O perfil foi salvo.',
};

export const PROFILE_TEXTS: Record<Lang, T> = { en, es, pt };
