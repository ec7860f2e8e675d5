/** The error codes of game aggregators (issue 20 item 5), spread into ERRORS (errors.ts). */
const e = (status: number, en: string, es: string) => ({ status, en, es });

export const AGGREGATORS_ERRORS = {
  'operator.aggregator.not.found': e(404, 'This aggregator is not configured for the brand.', 'Este agregador no está configurado para la marca.'),
  'operator.aggregator.keys.missing': e(409, 'Add the aggregator\'s credentials first (its public key; we create our key pair).', 'Primero agregue las credenciales del agregador (su clave pública; creamos nuestro par de claves).'),
  'operator.aggregator.unreachable': e(502, 'The aggregator did not answer. Check its base URL and try again.', 'El agregador no respondió. Revise su URL base e inténtelo de nuevo.'),
  'operator.aggregator.refused': e(502, 'The aggregator refused the call. Check the operator id and that it has our current public key.', 'El agregador rechazó la llamada. Revise el id de operador y que tenga nuestra clave pública vigente.'),
  'operator.aggregator.list.invalid': e(502, 'The aggregator\'s game list could not be read: nothing was imported.', 'No se pudo leer la lista de juegos del agregador: no se importó nada.'),
  'aggregator.launch.failed': e(502, 'The game provider could not open this game. Try again in a moment.', 'El proveedor no pudo abrir este juego. Inténtelo de nuevo en un momento.'),
};
