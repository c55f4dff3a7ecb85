// Words of the sign-in, password and link pages, in the three languages.
import type { Lang } from '../../core/web/context.js';

const en = {
  signIn: 'Sign in',
  email: 'E-mail',
  password: 'Password',
  forgot: 'Forgot your password?',
  wrong: 'That e-mail and password do not match an account. Check both and try again.',
  throttled: (minutes: number) => `Too many sign-in attempts. Wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or reset your password.`,
  signedOutNotice: 'You have signed out.',
  passwordChangedNotice: 'Your password is set. Welcome!',
  forgotTitle: 'Reset your password',
  forgotHelp: 'Enter the e-mail you sign in with. We will send you a link to choose a new password.',
  forgotSend: 'Send the link',
  forgotSent: 'If an account uses that address, a link is on its way. It works for 1 hour. Check your spam folder too.',
  inviteTitle: 'Welcome! Choose your password',
  inviteHelp: (email: string) => `You will sign in as ${email}.`,
  resetTitle: 'Choose a new password',
  yourName: 'Your name',
  newPassword: 'New password',
  repeatPassword: 'Repeat the password',
  passwordHint: 'At least 12 characters. A few words you will remember work well.',
  tooShort: 'The password needs at least 12 characters.',
  tooLong: 'The password is too long (200 characters at most).',
  mismatch: 'The two passwords are different.',
  nameControl: 'The name can only hold letters, numbers, spaces and punctuation: no line breaks, invisible text-direction marks or other control characters.',
  setPassword: 'Save and sign in',
};

export type UserTexts = typeof en;

const es: UserTexts = {
  signIn: 'Iniciar sesión',
  email: 'Correo electrónico',
  password: 'Contraseña',
  forgot: '¿Olvidó su contraseña?',
  wrong: 'Ese correo y esa contraseña no corresponden a una cuenta. Revise ambos e intente de nuevo.',
  throttled: (minutes: number) => `Demasiados intentos. Espere ${minutes} minuto${minutes === 1 ? '' : 's'} e intente de nuevo, o restablezca su contraseña.`,
  signedOutNotice: 'Cerró la sesión.',
  passwordChangedNotice: 'Su contraseña quedó guardada. ¡Bienvenido!',
  forgotTitle: 'Restablecer la contraseña',
  forgotHelp: 'Escriba el correo con el que inicia sesión. Le enviaremos un enlace para elegir una contraseña nueva.',
  forgotSend: 'Enviar el enlace',
  forgotSent: 'Si hay una cuenta con ese correo, el enlace va en camino. Sirve durante 1 hora. Revise también la carpeta de spam.',
  inviteTitle: '¡Bienvenido! Elija su contraseña',
  inviteHelp: (email: string) => `Iniciará sesión como ${email}.`,
  resetTitle: 'Elija una contraseña nueva',
  yourName: 'Su nombre',
  newPassword: 'Contraseña nueva',
  repeatPassword: 'Repita la contraseña',
  passwordHint: 'Al menos 12 caracteres. Unas palabras que recuerde funcionan bien.',
  tooShort: 'La contraseña necesita al menos 12 caracteres.',
  tooLong: 'La contraseña es demasiado larga (200 caracteres como máximo).',
  mismatch: 'Las dos contraseñas son distintas.',
  nameControl:
    'El nombre solo puede tener letras, números, espacios y signos: sin saltos de línea, marcas invisibles de dirección del texto ni otros caracteres de control.',
  setPassword: 'Guardar e ingresar',
};

const pt: UserTexts = {
  signIn: 'Entrar',
  email: 'E-mail',
  password: 'Senha',
  forgot: 'Esqueceu sua senha?',
  wrong: 'Esse e-mail e essa senha não correspondem a uma conta. Confira os dois e tente de novo.',
  throttled: (minutes: number) => `Tentativas demais. Aguarde ${minutes} minuto${minutes === 1 ? '' : 's'} e tente de novo, ou redefina sua senha.`,
  signedOutNotice: 'Você saiu.',
  passwordChangedNotice: 'Sua senha foi salva. Bem-vindo!',
  forgotTitle: 'Redefinir a senha',
  forgotHelp: 'Digite o e-mail com que você entra. Enviaremos um link para escolher uma nova senha.',
  forgotSend: 'Enviar o link',
  forgotSent: 'Se existir uma conta com esse e-mail, o link está a caminho. Ele vale por 1 hora. Confira também a pasta de spam.',
  inviteTitle: 'Bem-vindo! Escolha sua senha',
  inviteHelp: (email: string) => `Você vai entrar como ${email}.`,
  resetTitle: 'Escolha uma nova senha',
  yourName: 'Seu nome',
  newPassword: 'Nova senha',
  repeatPassword: 'Repita a senha',
  passwordHint: 'Pelo menos 12 caracteres. Algumas palavras que você lembre funcionam bem.',
  tooShort: 'A senha precisa de pelo menos 12 caracteres.',
  tooLong: 'A senha é longa demais (no máximo 200 caracteres).',
  mismatch: 'As duas senhas são diferentes.',
  nameControl:
    'O nome só pode ter letras, números, espaços e sinais: sem quebras de linha, marcas invisíveis de direção do texto nem outros caracteres de controle.',
  setPassword: 'Salvar e entrar',
};

export const USER_TEXTS: Record<Lang, UserTexts> = { en, es, pt };
