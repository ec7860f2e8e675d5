/** The error codes of payments (issue 22), spread into ERRORS (errors.ts). */
const e = (status: number, en: string, es: string) => ({ status, en, es });

export const PAYMENTS_ERRORS = {
  'payments.channel.manual': e(400, 'This channel is paid by bank transfer: use the payment details of the order.', 'Este canal se paga por transferencia: use los datos de pago de la orden.'),
  'payments.provider.unavailable': e(503, 'The payment provider is not available right now. Try again or choose another method.', 'El proveedor de pagos no está disponible ahora. Inténtelo de nuevo o elija otro método.'),
  'payments.provider.unknown': e(400, 'This payment provider is not configured.', 'Este proveedor de pagos no está configurado.'),
  'payments.signature.invalid': e(400, 'Webhook signature missing or wrong.', 'Firma del webhook ausente o incorrecta.'),
  'payments.payout.unsupported': e(400, 'This provider cannot pay withdrawals out.', 'Este proveedor no puede pagar retiros.'),
  'payments.recon.not.found': e(404, 'This reconciliation item does not exist.', 'Esta diferencia de conciliación no existe.'),
  'payments.recon.resolved': e(409, 'This reconciliation item is already resolved.', 'Esta diferencia de conciliación ya está resuelta.'),
  'payments.amount.invalid': e(400, 'Enter amounts like 150.50.', 'Introduzca montos como 150.50.'),
};
