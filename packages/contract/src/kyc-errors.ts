/**
 * The error codes of know-your-customer and risk (issue 26), spread into ERRORS (errors.ts).
 * Kept apart so the KYC texts live with their feature; same shape as every ErrorDef.
 */
const e = (status: number, en: string, es: string) => ({ status, en, es });

export const KYC_ERRORS = {
  'kyc.document.type': e(400, 'Documents must be PNG, JPG or PDF files.', 'Los documentos deben ser archivos PNG, JPG o PDF.'),
  'kyc.document.too.large': e(413, 'Each document must be at most {max} MB.', 'Cada documento debe tener como máximo {max} MB.'),
  'kyc.document.invalid': e(400, 'This file cannot be read. Please choose another file.', 'No se puede leer este archivo. Elija otro archivo.'),
  'kyc.document.not.found': e(404, 'This document does not exist.', 'Este documento no existe.'),
  'kyc.documents.missing': e(400, 'Upload the documents this level needs first: {kinds}.', 'Primero suba los documentos que necesita este nivel: {kinds}.'),
  'kyc.details.required': e(400, 'Enter your full name and birth date exactly as on your document.', 'Introduzca su nombre completo y su fecha de nacimiento tal como figuran en su documento.'),
  'kyc.birthdate.invalid': e(400, 'Enter a real birth date in the past (yyyy-MM-dd).', 'Introduzca una fecha de nacimiento real y pasada (aaaa-MM-dd).'),
  'kyc.level.pending': e(409, 'This level is already waiting for review.', 'Este nivel ya está esperando revisión.'),
  'kyc.level.verified': e(409, 'This level is already verified.', 'Este nivel ya está verificado.'),
  'kyc.check.not.found': e(404, 'This verification does not exist.', 'Esta verificación no existe.'),
  'kyc.check.decided': e(409, 'This verification was already decided.', 'Esta verificación ya fue decidida.'),
  'kyc.reason.required': e(400, 'Choose the reason of the rejection; the member reads it.', 'Elija el motivo del rechazo; el miembro lo leerá.'),
  'kyc.approval.same': e(409, 'You already approved this verification: a second operator must verify it.', 'Ya aprobó esta verificación: un segundo operador debe verificarla.'),
  'kyc.approval.named': e(403, 'At this level a verification needs two named operators in the console; the service key cannot verify it.', 'En este nivel una verificación necesita dos operadores identificados en la consola; la clave de servicio no puede verificarla.'),
  'kyc.webhook.signature': e(401, 'The provider signature is missing, wrong or expired.', 'La firma del proveedor falta, es incorrecta o caducó.'),
  'kyc.webhook.unknown': e(404, 'No verification has this reference.', 'Ninguna verificación tiene esta referencia.'),
  // gates: which level is missing and why (value: kyc.gateValue)
  'kyc.age.required': e(403, 'You must be {age} or older to deposit or play for real money: verify your identity (document with your birth date) first.', 'Debe tener {age} años o más para depositar o jugar con dinero real: primero verifique su identidad (documento con su fecha de nacimiento).'),
  'kyc.age.under': e(403, 'You must be {age} or older to deposit or play for real money.', 'Debe tener {age} años o más para depositar o jugar con dinero real.'),
  'kyc.identity.required': e(403, 'Withdrawals above {amount} need a verified identity: upload your identity document and a selfie.', 'Los retiros superiores a {amount} necesitan una identidad verificada: suba su documento de identidad y una selfi.'),
  'kyc.address.required': e(403, 'Deposits above {amount} in total need a verified address: upload a proof of address.', 'Los depósitos que superan {amount} en total necesitan una dirección verificada: suba un comprobante de domicilio.'),
  'kyc.contact.required': e(403, 'Withdrawals need a verified mobile number and e-mail: bind both in the security centre.', 'Los retiros necesitan un móvil y un correo electrónico verificados: vincule ambos en el centro de seguridad.'),
  // risk review
  'risk.review.required': e(409, 'This withdrawal is held for a risk review (score {score}): clear it in Risk review before paying.', 'Este retiro está retenido para una revisión de riesgo (puntuación {score}): apruébelo en Revisión de riesgo antes de pagarlo.'),
  'aml.flag.not.found': e(404, 'This AML flag does not exist or was already decided.', 'Esta alerta AML no existe o ya fue decidida.'),
  'risk.review.not.found': e(404, 'This withdrawal is not waiting for payment.', 'Este retiro no está pendiente de pago.'),
} as const;
