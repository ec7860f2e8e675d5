// The playable game page at the URL game/url answers: plain HTML and a small script that asks the
// stand-in's own server to play (the server, not the browser, calls the operator's wallet).
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,Segoe UI,Roboto,Arial,sans-serif;background:#12122a;color:#f4f4ff;min-height:100vh;display:flex;align-items:center;justify-content:center}
main{width:min(440px,100%);padding:20px;text-align:center}
h1{font-size:22px;margin:0 0 4px}.prod{opacity:.7;font-size:13px;margin:0 0 16px}
.bal{font-size:15px;margin:0 0 14px}.bal b{font-size:22px;color:#ffd35a}
.board{display:flex;gap:10px;justify-content:center;margin:0 0 16px}
.cell{width:92px;height:92px;border-radius:14px;background:#26264a;display:flex;align-items:center;justify-content:center;font-size:48px;box-shadow:inset 0 0 0 2px #3b3b6e}
.row{display:flex;gap:10px;justify-content:center;align-items:center;margin:0 0 12px;flex-wrap:wrap}
select,input,button{font:inherit;border-radius:10px;border:0;padding:10px 14px}
button{background:#ffb300;color:#1a1a1a;font-weight:800;min-width:140px;cursor:pointer}button:disabled{opacity:.5;cursor:default}
#result{min-height:24px;font-weight:700}#result.win{color:#7dff9a}#result.err{color:#ff8080}
#round{opacity:.6;font-size:12px;word-break:break-all}a{color:#9ab8ff}
.demo{display:inline-block;background:#ff5a7a;color:#fff;border-radius:6px;padding:2px 8px;font-size:12px;margin-left:6px}`;

const SCRIPT = `
const cfg = JSON.parse(document.getElementById('cfg').textContent);
const $ = (id) => document.getElementById(id);
const SYM = { cherry: '🍒', lemon: '🍋', bell: '🔔', star: '⭐', seven: '7️⃣' };
const money = (units) => (units / cfg.unit).toFixed(2);
async function post(path, body) {
  const r = await fetch(cfg.base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) });
  const j = await r.json().catch(() => ({ error: 'UNKNOWN', message: 'no answer' }));
  if (!r.ok || j.error) throw j;
  return j;
}
function show(state) {
  $('balance').textContent = money(state.balance);
  document.body.dataset.balance = String(state.balance);
}
async function refresh() {
  try { show(await post('/state')); } catch (e) { $('result').className = 'err'; $('result').textContent = e.message || e.error; }
}
$('play').addEventListener('click', async () => {
  $('play').disabled = true;
  $('result').className = '';
  $('result').textContent = '…';
  try {
    const bet = Math.round(Number($('bet').value) * cfg.unit);
    const body = cfg.engine === 'dice' ? { bet, target: Number($('target').value) } : { bet };
    const r = await post('/spin', body);
    if (cfg.engine === 'slot') r.outcome.reels.forEach((s, i) => { $('c' + i).textContent = SYM[s] || s; });
    else { $('c0').textContent = String(r.outcome.roll); }
    show(r);
    $('result').className = r.win > 0 ? 'win' : '';
    $('result').textContent = r.win > 0 ? cfg.text.win.replace('{0}', money(r.win)) : cfg.text.lose;
    $('round').textContent = cfg.text.round + ' ' + r.round;
    document.body.dataset.rounds = String(Number(document.body.dataset.rounds || 0) + 1);
  } catch (e) {
    $('result').className = 'err';
    $('result').textContent = e.message || e.error;
  } finally {
    $('play').disabled = false;
  }
});
refresh();`;

const TEXT = {
  en: { balance: 'Balance', bet: 'Bet', spin: 'Spin', roll: 'Roll under', win: 'You win {0}!', lose: 'No win this time', round: 'Round', lobby: 'Back to lobby', demo: 'DEMO' },
  es: { balance: 'Saldo', bet: 'Apuesta', spin: 'Girar', roll: 'Tirar menos de', win: '¡Ganas {0}!', lose: 'Sin premio esta vez', round: 'Ronda', lobby: 'Volver al lobby', demo: 'DEMO' },
};

/** The page of one game session. `base` is the session's API path prefix. */
export function gamePage({ game, session, base, unit }) {
  const text = TEXT[session.lang] ?? TEXT.en;
  const cfg = { base, unit, engine: game.engine, text };
  const cells = game.engine === 'slot' ? [0, 1, 2] : [0];
  const controls = game.engine === 'dice'
    ? `<label>${esc(text.roll)} <input id="target" type="number" min="2" max="96" value="50" style="width:80px"></label>`
    : '';
  const lobby = session.lobby_url && /^https?:\/\//.test(session.lobby_url) ? `<p><a href="${esc(session.lobby_url)}" target="_top">${esc(text.lobby)}</a></p>` : '';
  return `<!doctype html><html lang="${esc(session.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(game.name)}</title><style>${STYLE}</style></head><body data-rounds="0">
<main><h1>${esc(game.name)}${session.demo ? `<span class="demo">${esc(text.demo)}</span>` : ''}</h1><p class="prod">${esc(game.product)}</p>
<p class="bal">${esc(text.balance)}: <b id="balance">…</b> ${esc(session.demo ? '' : session.currency)}</p>
<div class="board">${cells.map((i) => `<div class="cell" id="c${i}">${game.engine === 'slot' ? '7️⃣' : '⚅'}</div>`).join('')}</div>
<div class="row"><label>${esc(text.bet)} <select id="bet"><option>1.00</option><option>2.00</option><option>5.00</option></select></label>${controls}</div>
<div class="row"><button id="play" type="button">${esc(game.engine === 'slot' ? text.spin : text.roll.split(' ')[0])}</button></div>
<p id="result" aria-live="polite"></p><p id="round"></p>${lobby}</main>
<script type="application/json" id="cfg">${JSON.stringify(cfg).replace(/</g, '\\u003c')}</script>
<script>${SCRIPT}</script></body></html>`;
}
