/** Connect's forms (Spanish): the service address and credentials, and the organization's sign-in. */
import type { Widen } from '../words.ts';
import type { CONNECT_FORM_WORDS as EN } from '../en/connect-form-words.ts';

export const CONNECT_FORM_WORDS: Widen<typeof EN> = {
  credentials: {
    serviceAddress: 'Dirección del servicio',
    addressHint: 'La región us o eu va en la dirección.',
    signIn: 'Inicio de sesión',
    choices: {
      server: 'Credenciales de servidor (cliente OAuth)',
      'user-refresh-token': 'Token de inicio de sesión del profesional',
    },
    clientId: 'ID de cliente OAuth',
    keyId: 'ID de clave (solo JWKS)',
    privateKey: 'Clave privada (PEM)',
    privateKeyHint: 'Se guarda en el llavero del sistema; no se vuelve a mostrar.',
    refreshToken: 'Token de inicio de sesión',
    connect: 'Conectar',
  },
  orgSignIn: {
    heading: 'Iniciar sesión con su organización',
    browserOpens: 'Su navegador web se abre en',
    signInThere: '. Inicie sesión allí como en sus otras aplicaciones de trabajo y vuelva aquí.',
    connected:
      'Conectado. Para iniciar sesión como otra persona, desconéctese primero (en un equipo compartido, desconéctese al irse).',
    waiting: 'Esperando a que termine de iniciar sesión en el navegador…',
    cancel: 'Cancelar el inicio de sesión',
    signIn: 'Iniciar sesión con su organización',
    ownAccount: 'Inicia sesión con su propia cuenta: sus notas, frases abreviadas y ajustes son solo suyos.',
  },
};
