/**
 * The help centre articles of the demo brands (§2 /help#term, footer help list, help popup), in
 * ES and EN here and the other translated languages from the seed's content tables (content ids
 * `help.<term>.title|content`). Operator HTML: the web sanitises it before rendering, like every
 * operator text.
 */
import type { BrandConfig } from '@lobby/contract';
import { translated, type ContentId } from '../../db/seed/content/index.ts';

type Article = BrandConfig['helpCenter'][number];
const a = (term: string, es: string, en: string, contentEs: string, contentEn: string): Article =>
  ({ term, title: { ES: es, EN: en }, content: { ES: contentEs, EN: contentEn } });

/** The demo articles in ES and EN only (as first seeded: seed.ts recognises them to add the translations). */
export function helpArticlesEsEn(brand: string, supportHours: string): Article[] {
  return [
    a('about', 'Sobre nosotros', 'About us',
      `<p><b>${brand}</b> es un sitio de juegos en línea con tragamonedas, casino en vivo, pesca, cartas, lotería y deportes de proveedores reconocidos.</p>
<p>Atención al cliente: ${supportHours} por chat en vivo, Telegram o WhatsApp. Juegue con responsabilidad.</p>`,
      `<p><b>${brand}</b> is an online gaming site with slots, live casino, fishing, cards, lottery and sports from well-known providers.</p>
<p>Customer service: ${supportHours} by live chat, Telegram or WhatsApp. Please play responsibly.</p>`),
    a('faq', 'Preguntas frecuentes', 'FAQ',
      `<h3>¿Olvidé mi contraseña?</h3><p>Pulse <b>Iniciar sesión</b> y luego <b>¿Olvidó su contraseña?</b>: recibirá un código por SMS o un enlace por correo.</p>
<h3>¿Cuánto tarda un retiro?</h3><p>Normalmente menos de 30 minutos tras la aprobación. Primero debe cumplir el requisito de apuesta de sus bonos.</p>
<h3>¿Por qué no veo mi depósito?</h3><p>Se acredita al confirmarse el pago. Si pasan más de 30 minutos, envíe el comprobante desde <b>Comentarios</b> o escríbanos por el chat.</p>
<h3>¿Puedo tener varias cuentas?</h3><p>No. Una cuenta por persona, hogar y medio de pago.</p>`,
      `<h3>I forgot my password</h3><p>Press <b>Log in</b>, then <b>Forgot password?</b>: you receive an SMS code or an e-mail link.</p>
<h3>How long does a withdrawal take?</h3><p>Usually under 30 minutes after approval. Bonus turnover must be completed first.</p>
<h3>Why don't I see my deposit?</h3><p>It is credited once the payment is confirmed. If it takes more than 30 minutes, send the receipt through <b>Feedback</b> or write to us in the chat.</p>
<h3>May I have several accounts?</h3><p>No. One account per person, household and payment method.</p>`),
    a('deposit', 'Cómo depositar', 'How to deposit',
      `<ol><li>Inicie sesión y abra <b>Centro de miembros → Depositar</b>.</li><li>Elija un método (transferencia, billetera o cripto) y un canal.</li>
<li>Escriba o elija el monto dentro de los límites que se muestran y, si quiere, un bono.</li><li>Pague a los datos indicados antes de que venza la orden (30 minutos).</li></ol>
<p>El saldo se acredita cuando el pago se confirma. Guarde el comprobante.</p>`,
      `<ol><li>Log in and open <b>Member centre → Deposit</b>.</li><li>Choose a method (bank transfer, e-wallet or crypto) and a channel.</li>
<li>Type or pick an amount within the limits shown and, if you like, a bonus.</li><li>Pay to the details shown before the order expires (30 minutes).</li></ol>
<p>Your balance is credited once the payment is confirmed. Keep your receipt.</p>`),
    a('withdraw', 'Cómo retirar', 'How to withdraw',
      `<ol><li>En el <b>Centro de seguridad</b>, configure su contraseña de retiro.</li><li>Agregue una cuenta bancaria o billetera a su nombre.</li>
<li>Abra <b>Retirar</b>, escriba el monto y su contraseña de retiro.</li></ol>
<p>Si tiene un bono activo, primero debe completar su requisito de apuesta. Los retiros se pagan solo a cuentas del titular.</p>`,
      `<ol><li>In the <b>Security centre</b>, set your withdrawal password.</li><li>Add a bank account or e-wallet in your own name.</li>
<li>Open <b>Withdraw</b>, type the amount and your withdrawal password.</li></ol>
<p>With an active bonus, its turnover must be completed first. Withdrawals are paid only to the account holder.</p>`),
    a('download', 'Descargar la app', 'Download the app',
      `<p>Escanee el código QR de iOS o Android con la cámara del teléfono, o abra esta página en el teléfono y pulse el botón de su sistema.</p>
<p>En Android, permita la instalación desde su navegador cuando el sistema lo pida. En iOS, confíe en el perfil del desarrollador en <b>Ajustes → General → VPN y gestión de dispositivos</b>.</p>`,
      `<p>Scan the iOS or Android QR code with your phone camera, or open this page on your phone and press your system's button.</p>
<p>On Android, allow installs from your browser when asked. On iOS, trust the developer profile in <b>Settings → General → VPN &amp; Device Management</b>.</p>`),
    a('responsible', 'Juego responsable', 'Responsible gaming',
      `<p>Solo mayores de 18 años. El juego es entretenimiento, no una forma de ganar dinero.</p>
<ul><li>Decida de antemano cuánto tiempo y dinero quiere gastar.</li><li>No persiga las pérdidas ni juegue con dinero que necesita.</li>
<li>Tome descansos; si siente que pierde el control, pida a atención al cliente una pausa o la autoexclusión.</li></ul>`,
      `<p>Over 18s only. Gaming is entertainment, not a way to make money.</p>
<ul><li>Decide beforehand how much time and money you want to spend.</li><li>Never chase losses or play with money you need.</li>
<li>Take breaks; if you feel you are losing control, ask customer service for a pause or self-exclusion.</li></ul>`),
    a('terms', 'Términos y condiciones', 'Terms and conditions',
      `<p>Al registrarse en ${brand} acepta estas condiciones:</p>
<ol><li>Tiene al menos 18 años y el juego en línea es legal donde vive.</li><li>Una cuenta por persona; sus datos son verdaderos y los mantiene al día.</li>
<li>Los bonos tienen requisitos de apuesta; el abuso de bonos o el juego coordinado anulan las ganancias.</li>
<li>Podemos pedir documentos antes de pagar un retiro.</li><li>Es responsable de mantener su contraseña en secreto.</li></ol>`,
      `<p>By registering with ${brand} you accept these terms:</p>
<ol><li>You are at least 18 and online gaming is legal where you live.</li><li>One account per person; your details are true and kept up to date.</li>
<li>Bonuses carry turnover requirements; bonus abuse or collusion voids winnings.</li>
<li>We may ask for documents before paying a withdrawal.</li><li>You keep your password secret.</li></ol>`),
    a('privacy', 'Privacidad', 'Privacy',
      `<p>Guardamos solo los datos que su cuenta necesita: usuario, contacto, movimientos y registros de acceso. Los usamos para operar su cuenta, prevenir fraudes y cumplir la ley, y nunca los vendemos.</p>
<p>Las contraseñas se guardan cifradas. Puede pedir una copia o el borrado de sus datos a atención al cliente.</p>`,
      `<p>We keep only the data your account needs: username, contact details, transactions and login records. We use them to run your account, prevent fraud and meet the law, and never sell them.</p>
<p>Passwords are stored hashed. You may ask customer service for a copy or the deletion of your data.</p>`),
  ];
}

/** The demo articles in every translated language. */
export function helpArticles(brand: string, supportHours: string): Article[] {
  return helpArticlesEsEn(brand, supportHours).map((x) => ({
    term: x.term,
    title: translated(`help.${x.term}.title` as ContentId, x.title, brand),
    content: translated(`help.${x.term}.content` as ContentId, x.content, brand),
  }));
}
