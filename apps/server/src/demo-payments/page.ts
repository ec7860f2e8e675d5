/** The demo provider's hosted checkout pages (plain HTML, one nonce'd style, no script). */
import type { Session } from './books.ts';
import { METHODS, OUTCOMES } from './books.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (minor: bigint, currency: string) => `${currency} ${(Number(minor) / 100).toFixed(2)}`;

const STYLE = `body{font-family:system-ui,sans-serif;background:#eef1f6;margin:0;color:#1b2330}
main{max-width:440px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 24px #0002}
h1{font-size:18px;margin:0 0 4px}.amount{font-size:28px;font-weight:700;margin:8px 0 16px}
fieldset{border:1px solid #d5dbe5;border-radius:8px;margin:0 0 14px;padding:10px 12px}legend{font-size:13px;color:#5a6678}
label{display:flex;gap:8px;align-items:center;padding:6px 0;font-size:15px}input[type=text]{font-size:18px;padding:8px;width:100%;box-sizing:border-box;letter-spacing:4px}
button{width:100%;padding:14px;font-size:16px;border:0;border-radius:8px;background:#0b6cff;color:#fff;font-weight:600;cursor:pointer}
.note{font-size:12px;color:#5a6678;margin-top:12px}.badge{display:inline-block;background:#ffe9a8;border-radius:4px;padding:2px 6px;font-size:11px}`;

const OUTCOME_LABEL: Record<string, string> = {
  paid: 'Paid / Pagado', declined: 'Declined / Rechazado', pending_then_paid: 'Pending, then paid / Pendiente y luego pagado',
  expired: 'Expired / Caducado', paid_twice: 'Paid twice / Cobrado dos veces', charged_back: 'Charged back later / Contracargo después',
};
const METHOD_LABEL: Record<string, string> = { card: 'Card / Tarjeta', bank: 'Instant bank transfer / Transferencia inmediata', ewallet: 'E-wallet / Monedero electrónico' };

function shell(nonce: string, title: string, body: string) {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(s: Session, nonce: string) {
  const head = `<h1>Demo Pay <span class="badge">TEST</span></h1><div>${esc(String(s.meta.description ?? s.reference))}</div>
<div class="amount" data-testid="amount">${money(s.amount, s.currency)}</div>`;
  if (s.outcome) {
    return shell(nonce, 'Demo Pay', `${head}<p data-testid="done">Status: ${esc(s.status)}</p>${s.returnUrl ? `<a href="${esc(s.returnUrl)}">Return to the site / Volver al sitio</a>` : ''}`);
  }
  const methods = METHODS.map((m, i) => `<label><input type="radio" name="method" value="${m}"${i === 0 ? ' checked' : ''}> ${METHOD_LABEL[m]}</label>`).join('');
  const outcomes = OUTCOMES.map((o, i) => `<label><input type="radio" name="outcome" value="${o}"${i === 0 ? ' checked' : ''}> ${OUTCOME_LABEL[o]}</label>`).join('');
  return shell(nonce, 'Demo Pay', `${head}<form method="post" action="/demo-pay/checkout/${esc(s.id)}">
<fieldset><legend>Method / Método</legend>${methods}</fieldset>
<fieldset><legend>Outcome (tester) / Resultado (pruebas)</legend>${outcomes}</fieldset>
<button type="submit" data-testid="pay">Pay / Pagar</button></form>
<p class="note">A test checkout: no real money moves. Card payments ask for a challenge code (${'123456'}).</p>`);
}

export function challengePage(s: Session, nonce: string, outcome: string, wrong: boolean) {
  return shell(nonce, 'Demo Pay · 3-D Secure', `<h1>Card verification / Verificación de tarjeta</h1>
<div class="amount">${money(s.amount, s.currency)}</div>
<form method="post" action="/demo-pay/checkout/${esc(s.id)}/challenge">
<input type="hidden" name="outcome" value="${esc(outcome)}">
<label for="code">Code sent by your bank / Código enviado por su banco</label>
<input id="code" type="text" name="code" inputmode="numeric" autocomplete="one-time-code" data-testid="challenge-code">
${wrong ? '<p data-testid="wrong">Wrong code / Código incorrecto</p>' : ''}
<button type="submit" data-testid="confirm">Confirm / Confirmar</button></form>
<p class="note">Demo code: 123456</p>`);
}
