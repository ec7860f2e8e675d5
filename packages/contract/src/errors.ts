/**
 * Stable error codes with their HTTP status and texts. The server answers
 * `{success:false, errorCode, message}` with `message` in the request's language; the web
 * client translates the same codes from this table. `{min}`/`{max}`-style params are filled in.
 */
export interface ErrorDef {
  status: number;
  en: string;
  es: string;
}

const e = (status: number, en: string, es: string): ErrorDef => ({ status, en, es });

export const ERRORS = {
  // envelope and platform
  request_param_err: e(400, 'Some fields are missing or invalid.', 'Algunos campos faltan o no son válidos.'),
  'request.body.too.large': e(413, 'The request is too large.', 'La solicitud es demasiado grande.'),
  'request.not.found': e(404, 'This address does not exist.', 'Esta dirección no existe.'),
  'request.method.not.allowed': e(405, 'This method is not allowed here.', 'Este método no está permitido aquí.'),
  'request.too.many': e(429, 'Too many requests. Please wait a moment and try again.', 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.'),
  'merchant.not.found': e(400, 'Unknown site (merchant code).', 'Sitio desconocido (código de comerciante).'),
  'function.not.available': e(403, 'This function is not available.', 'Esta función no está disponible.'),
  'system.maintenance': e(503, 'The system is under maintenance.', 'El sistema está en mantenimiento.'),
  'region.restricted': e(403, 'Access is restricted from your location or IP.', 'El acceso está restringido desde su ubicación o IP.'),
  'unknown.error': e(500, 'Unknown error. Please try again later.', 'Error desconocido. Inténtelo de nuevo más tarde.'),
  // session and accounts
  'customer.not.login': e(401, 'You are not logged in. Please log in.', 'No ha iniciado sesión. Inicie sesión.'),
  'login.not.session': e(401, 'Your session has ended. Please log in again.', 'Su sesión ha terminado. Vuelva a iniciar sesión.'),
  'login.failed': e(401, 'Wrong username or password.', 'Usuario o contraseña incorrectos.'),
  'login.locked': e(429, 'Too many failed attempts. Try again in {minutes} minutes.', 'Demasiados intentos fallidos. Inténtelo de nuevo en {minutes} minutos.'),
  'login.non.member': e(403, 'Non-member account unable to log in.', 'Una cuenta que no es de miembro no puede iniciar sesión.'),
  'login.non.agent': e(403, 'Non-agents cannot log in.', 'Los no agentes no pueden iniciar sesión.'),
  'login.verification.required': e(403, 'This device is new to us: please verify it is you.', 'Este dispositivo es nuevo: verifique que es usted.'),
  'captcha.invalid': e(400, 'Captcha check failed.', 'La verificación del captcha falló.'),
  in_need_true_account: e(403, 'Please register a real account to use this function.', 'Registre una cuenta real para usar esta función.'),
  'crypto.required': e(400, 'This call must be encrypted.', 'Esta llamada debe ir cifrada.'),
  'crypto.invalid': e(400, 'The encrypted request could not be read.', 'No se pudo leer la solicitud cifrada.'),
  'notify.failed': e(503, 'The message could not be sent. Please try again later.', 'No se pudo enviar el mensaje. Inténtelo de nuevo más tarde.'),
} satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERRORS, code);
}

/** The text of an error in ES or EN, with `{name}` params filled in. */
export function errorMessage(code: string, lang: 'ES' | 'EN', params?: Record<string, string | number>): string {
  const def: ErrorDef = isErrorCode(code) ? ERRORS[code] : ERRORS['unknown.error'];
  const text = lang === 'ES' ? def.es : def.en;
  return params ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : text;
}
