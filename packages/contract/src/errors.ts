/**
 * Stable error codes with their HTTP status and texts. The server answers
 * `{success:false, errorCode, message}` with `message` in the request's language; the web
 * client translates the same codes from this table. `{min}`/`{max}`-style params are filled in.
 */
import { KYC_ERRORS } from './kyc-errors.ts';
import { PAYMENTS_ERRORS } from './payments-errors.ts';
import { AGGREGATORS_ERRORS } from './aggregators-errors.ts';

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
  'request.busy': e(503, 'Another request was changing the same data, so nothing was changed. Please try again.', 'Otra solicitud estaba cambiando los mismos datos, así que no se cambió nada. Inténtelo de nuevo.'),
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
  'login.challenge.invalid': e(400, 'This verification has expired or is not valid. Please log in again.', 'Esta verificación caducó o no es válida. Vuelva a iniciar sesión.'),
  'login.verification.failed': e(400, 'The verification code is not correct.', 'El código de verificación no es correcto.'),
  'login.trial.unavailable': e(403, 'A trial account cannot log in with a password.', 'Una cuenta de prueba no puede iniciar sesión con contraseña.'),
  // logins (issue 18 item 3): back-off instead of a lock, the forced password change, registration limits
  'login.throttled': e(429, 'Too many failed attempts. Try again in {time}, or log in with a code sent to your mobile or from a device you used before.', 'Demasiados intentos fallidos. Inténtelo de nuevo en {time}, o inicie sesión con un código enviado a su móvil o desde un dispositivo que ya usó.'),
  'login.verification.unavailable': e(403, 'This device is new to us and your account has no mobile, e-mail or authenticator to verify it: log in from a device you used before, or contact customer service.', 'Este dispositivo es nuevo y su cuenta no tiene móvil, correo electrónico ni autenticador para verificarlo: inicie sesión desde un dispositivo que ya usó o contacte con atención al cliente.'),
  'password.change.required': e(403, 'Please change your password before continuing.', 'Cambie su contraseña antes de continuar.'),
  'register.too.many': e(429, 'Too many registration attempts from your network. Try again in {minutes} minutes.', 'Demasiados intentos de registro desde su red. Inténtelo de nuevo en {minutes} minutos.'),
  // registration and profile fields
  'field.invalid': e(400, 'Please check the field {field}.', 'Revise el campo {field}.'),
  'register.terms.required': e(400, 'Please accept the terms and conditions.', 'Acepte los términos y condiciones.'),
  inconsistent_twice: e(400, 'Incorrect confirmation input.', 'La confirmación no coincide.'),
  'register.username.exists': e(409, 'This username is already taken.', 'Este nombre de usuario ya está en uso.'),
  'register.mobile.exists': e(409, 'This mobile number is already registered.', 'Este número de móvil ya está registrado.'),
  'register.age.under': e(400, 'You must be at least {age} years old.', 'Debe tener al menos {age} años.'),
  invitation_code_error: e(400, 'The invitation code is not valid.', 'El código de invitación no es válido.'),
  // passwords
  'password.old.invalid': e(400, 'The current password is not correct.', 'La contraseña actual no es correcta.'),
  'password.same': e(400, 'The new password must be different from the current one.', 'La nueva contraseña debe ser distinta de la actual.'),
  'member.not.exist': e(404, 'Username or email does not exist.', 'El usuario o el correo electrónico no existe.'),
  'password.reset.invalid': e(400, 'This reset link or code has expired or is not valid.', 'Este enlace o código de restablecimiento caducó o no es válido.'),
  // phone verification (§8)
  'sms.phone.invalid': e(400, 'Invalid or missing phone number.', 'Número de teléfono no válido o vacío.'),
  'sms.code.invalid': e(400, 'Invalid or missing verification code.', 'Código de verificación no válido o vacío.'),
  'sms.code.expired': e(400, 'The code has expired. Please send a new one.', 'El código caducó. Solicite uno nuevo.'),
  'sms.too.many': e(429, 'Too many requests. Please try again in {minutes} minutes.', 'Demasiadas solicitudes. Inténtelo de nuevo en {minutes} minutos.'),
  'crypto.required': e(400, 'This call must be encrypted.', 'Esta llamada debe ir cifrada.'),
  'crypto.invalid': e(400, 'The encrypted request could not be read.', 'No se pudo leer la solicitud cifrada.'),
  'notify.failed': e(503, 'The message could not be sent. Please try again later.', 'No se pudo enviar el mensaje. Inténtelo de nuevo más tarde.'),
  // wallet
  'wallet.insufficient.funds': e(400, 'Insufficient balance.', 'Saldo insuficiente.'),
  'wallet.duplicate.reference': e(409, 'This reference was already used for another operation.', 'Esta referencia ya se usó para otra operación.'),
  'wallet.amount.invalid': e(400, 'Enter a valid amount with at most 2 decimals.', 'Ingrese un monto válido con un máximo de 2 decimales.'),
  // cashier
  'cashier.range.invalid': e(400, 'Choose a date range of at most {days} days.', 'Elija un rango de fechas de {days} días como máximo.'),
  'cashier.operator.unauthorized': e(401, 'Operator key missing or wrong.', 'Falta la clave de operador o no es correcta.'),
  'cashier.method.invalid': e(400, 'This deposit method or channel is not available.', 'Este método o canal de depósito no está disponible.'),
  'cashier.amount.out.of.range': e(400, 'The amount must be between {min} and {max}.', 'El monto debe estar entre {min} y {max}.'),
  'cashier.amount.not.allowed': e(400, 'Choose one of the listed amounts.', 'Elija uno de los montos de la lista.'),
  'cashier.bonus.invalid': e(400, 'This bonus cannot be used with this deposit.', 'Este bono no se puede usar con este depósito.'),
  'cashier.deposit.pending.limit': e(429, 'You have too many open deposit orders. Pay or cancel one first.', 'Tiene demasiadas órdenes de depósito abiertas. Pague o cancele una primero.'),
  'cashier.order.not.found': e(404, 'Order not found.', 'Orden no encontrada.'),
  'cashier.order.state': e(409, 'This order can no longer be changed (it is {status}).', 'Esta orden ya no se puede modificar (está {status}).'),
  'cashier.payment.password.required': e(400, 'Set a withdrawal password first (security centre).', 'Primero configure una contraseña de retiro (centro de seguridad).'),
  'cashier.payment.password.invalid': e(400, 'The withdrawal password is not correct.', 'La contraseña de retiro no es correcta.'),
  'cashier.payment.password.locked': e(429, 'Too many wrong withdrawal passwords. Try again in {minutes} minutes.', 'Demasiadas contraseñas de retiro incorrectas. Inténtelo de nuevo en {minutes} minutos.'),
  'cashier.payment.password.format': e(400, 'The withdrawal password must be 6 digits.', 'La contraseña de retiro debe tener 6 dígitos.'),
  'cashier.account.invalid': e(400, 'Check the account type and number.', 'Revise el tipo y el número de cuenta.'),
  'cashier.account.limit': e(400, 'You can bind at most {max} accounts.', 'Puede vincular como máximo {max} cuentas.'),
  'cashier.account.exists': e(409, 'This account is already bound.', 'Esta cuenta ya está vinculada.'),
  'cashier.account.not.found': e(404, 'Withdraw account not found.', 'Cuenta de retiro no encontrada.'),
  'cashier.payee.mismatch': e(400, 'The payee name must be the one already bound to your account.', 'El nombre del beneficiario debe ser el que ya está vinculado a su cuenta.'),
  'cashier.withdraw.not.allowed': e(403, 'Withdrawals are not available at the moment.', 'Los retiros no están disponibles en este momento.'),
  'cashier.withdraw.daily.limit': e(400, 'You reached the {count} withdrawals allowed per day.', 'Alcanzó los {count} retiros permitidos por día.'),
  'cashier.withdraw.turnover.required': e(400, 'Bet {amount} more before withdrawing.', 'Apueste {amount} más antes de retirar.'),
  'cashier.withdraw.not.found': e(404, 'Withdrawal not found.', 'Retiro no encontrado.'),
  'cashier.withdraw.state': e(409, 'This withdrawal can no longer be changed (it is {status}).', 'Este retiro ya no se puede modificar (está {status}).'),
  'wallet.single': e(400, 'This site uses a single wallet: there are no game wallets to transfer between.', 'Este sitio usa una billetera única: no hay billeteras de juego entre las que transferir.'),
  'wallet.account.invalid': e(400, 'Choose two different wallets: the main wallet and a game wallet.', 'Elija dos billeteras distintas: la billetera principal y una billetera de juego.'),
  'wallet.upline.none': e(400, 'Your account has no upline to transfer to.', 'Su cuenta no tiene un superior al que transferir.'),
  'wallet.downline.invalid': e(403, 'This member is not in your team.', 'Este miembro no pertenece a su equipo.'),
  'wallet.range.invalid': e(400, 'The start date must not be after the end date.', 'La fecha de inicio no puede ser posterior a la fecha de fin.'),
  'wallet.range.too.long': e(400, 'Choose a date range of at most {days} days.', 'Elija un rango de fechas de {days} días como máximo.'),
  // agent back office
  'agent.direct.only': e(403, 'Only your direct downlines can be changed this way.', 'Solo sus subordinados directos pueden modificarse de esta forma.'),
  'agent.already.agent': e(409, 'This member already is an agent.', 'Este miembro ya es agente.'),
  'agent.nickname.invalid': e(400, 'The nickname must have between 1 and {max} characters.', 'El apodo debe tener entre 1 y {max} caracteres.'),
  // agent register centre (invite links, downline accounts)
  'agent.invite.expiry.invalid': e(400, 'Choose an expiry in the future, at most {max} days ahead.', 'Elija una caducidad futura, como máximo a {max} días.'),
  'agent.invite.limit': e(409, 'You already have {max} usable links. Disable or delete one first.', 'Ya tiene {max} enlaces utilizables. Desactive o elimine uno primero.'),
  'agent.invite.not.found': e(404, 'This invite link does not exist.', 'Este enlace de invitación no existe.'),
  'agent.invite.expired': e(400, 'This invite link has expired. Ask your agent for a new one.', 'Este enlace de invitación caducó. Pida uno nuevo a su agente.'),
  'agent.invite.disabled': e(400, 'This invite link is no longer active. Ask your agent for a new one.', 'Este enlace de invitación ya no está activo. Pida uno nuevo a su agente.'),
  'agent.postback.url.invalid': e(400, 'Enter an http(s) address; the macros in braces are sub_id, click_id, campaign, amount, currency, event and member_id.', 'Introduzca una dirección http(s); las macros entre llaves son sub_id, click_id, campaign, amount, currency, event y member_id.'),
  'agent.postback.host.denied': e(400, 'Postbacks can only go to a public host the site allows.', 'Los postbacks solo pueden ir a un host público que el sitio permita.'),
  // agent contracts (dividend, daily, hourly and real-time salary)
  'contract.downline.not.agent': e(400, 'Contracts can only be offered to agents.', 'Los contratos solo pueden ofrecerse a agentes.'),
  'contract.tiers.invalid': e(400, 'Check tier {tier}: thresholds may not go below the previous tier and the rate must be above 0 (a percent at most 100; dividends and real-time salary only in percent).', 'Revise el nivel {tier}: los umbrales no pueden ser menores que los del nivel anterior y la tasa debe ser mayor que 0 (un porcentaje como máximo 100; dividendos y salario en tiempo real solo en porcentaje).'),
  'contract.plan.invalid': e(400, 'CPA and hybrid plans are dividend contracts with a CPA amount; a CPA plan has no tiers, the others need at least one.', 'Los planes CPA e híbrido son contratos de dividendos con un importe CPA; un plan CPA no tiene niveles, los demás necesitan al menos uno.'),
  'affiliate.banner.not.found': e(404, 'This banner does not exist.', 'Este banner no existe.'),
  'contract.rate.exceeds': e(400, 'You cannot offer more than your own rate ({max}).', 'No puede ofrecer más que su propia tasa ({max}).'),
  'contract.offer.pending': e(409, 'An offer of this kind is already waiting for this agent.', 'Ya hay una oferta de este tipo pendiente para este agente.'),
  'contract.not.top.agent': e(400, 'Only a top agent (one without an upline agent) gets contracts from the platform.', 'Solo un agente principal (sin agente superior) recibe contratos de la plataforma.'),
  'contract.not.found': e(404, 'This contract does not exist.', 'Este contrato no existe.'),
  'contract.action.forbidden': e(403, 'You cannot do this with this contract.', 'No puede realizar esta acción con este contrato.'),
  'contract.state.invalid': e(409, 'This contract is no longer in a state that allows this.', 'El estado actual de este contrato no lo permite.'),
  // vendor
  'vendor.signature.invalid': e(401, 'The vendor signature is missing, wrong or expired.', 'La firma del proveedor falta, es incorrecta o caducó.'),
  'vendor.member.unknown': e(404, 'Unknown member.', 'Miembro desconocido.'),
  'vendor.game.unknown': e(404, 'Unknown game for this vendor.', 'Juego desconocido para este proveedor.'),
  'vendor.session.invalid': e(401, 'The member has no live session.', 'El miembro no tiene una sesión activa.'),
  'vendor.insufficient.funds': e(400, 'Insufficient balance.', 'Saldo insuficiente.'),
  'vendor.round.unknown': e(404, 'This round has no bet.', 'Esta ronda no tiene apuesta.'),
  'vendor.bet.rolled.back': e(409, 'This bet was already rolled back.', 'Esta apuesta ya fue revertida.'),
  'vendor.bet.settled': e(409, 'This bet is already settled and cannot be rolled back.', 'Esta apuesta ya está liquidada y no se puede revertir.'),
  'vendor.tx.conflict': e(409, 'This transaction id was already used for another operation.', 'Este id de transacción ya se usó para otra operación.'),
  'vendor.token.invalid': e(401, 'Unknown game session token.', 'Token de sesión de juego desconocido.'),
  'vendor.token.expired': e(401, 'The game session has ended or expired.', 'La sesión de juego terminó o caducó.'),
  'vendor.user.disabled': e(403, 'This player account is locked.', 'Esta cuenta de jugador está bloqueada.'),
  'vendor.round.closed': e(409, 'This round is closed.', 'Esta ronda está cerrada.'),
  'vendor.round.mismatch': e(409, 'The referenced bet belongs to another round.', 'La apuesta referida pertenece a otra ronda.'),
  'vendor.currency.wrong': e(400, 'The currency is not the member\'s wallet currency.', 'La moneda no es la de la billetera del miembro.'),
  'vendor.tx.unknown': e(404, 'The referenced bet does not exist.', 'La apuesta referida no existe.'),
  'operator.seamless.key.invalid': e(400, 'Not a valid RSA public key (PEM, 2048 bits or more).', 'No es una clave pública RSA válida (PEM, 2048 bits o más).'),
  'operator.seamless.credential.not.found': e(404, 'This credential does not exist at this brand.', 'Esta credencial no existe en esta marca.'),
  // lobby: launch, favourites, demo vendor
  game_maintenance: e(503, 'This game is under maintenance. Please try again later.', 'Este juego está en mantenimiento. Inténtelo más tarde.'),
  'game.not.found': e(404, 'This game does not exist or is not available.', 'Este juego no existe o no está disponible.'),
  'game.trial.unavailable': e(403, 'This game has no free trial. Please log in to play.', 'Este juego no tiene prueba gratuita. Inicie sesión para jugar.'),
  'favorite.limit': e(400, 'You can keep at most {max} favourite games.', 'Puede tener como máximo {max} juegos favoritos.'),
  'demo.session.invalid': e(401, 'This game session has ended. Please open the game again from the lobby.', 'Esta sesión de juego terminó. Vuelva a abrir el juego desde el lobby.'),
  'demo.bet.invalid': e(400, 'This bet is not valid: {reason}', 'Esta apuesta no es válida: {reason}'),
  'demo.round.closed': e(409, 'Betting for this round is closed. Wait for the next round.', 'Las apuestas de esta ronda están cerradas. Espere la siguiente ronda.'),
  'demo.insufficient.funds': e(400, 'Insufficient balance for this bet.', 'Saldo insuficiente para esta apuesta.'),
  'fairness.input.invalid': e(400, 'This round cannot be replayed with these inputs: {reason}', 'Esta ronda no se puede reproducir con estos datos: {reason}'),
  'demo.seed.stale': e(409, 'The seeds changed since this screen showed them. Check the new next-seed hash and try again.', 'Las semillas cambiaron desde que esta pantalla las mostró. Revise el nuevo hash de la próxima semilla e inténtelo de nuevo.'),
  'demo.wallet.unavailable': e(502, 'The wallet did not answer. Your balance is unchanged; please try again.', 'La billetera no respondió. Su saldo no cambió; inténtelo de nuevo.'),
  // announcements and inbox (issue 7)
  'announcement.not.found': e(404, 'Announcement not found.', 'Anuncio no encontrado.'),
  'inbox.message.not.found': e(404, 'Message not found.', 'Mensaje no encontrado.'),
  'inbox.upline.none': e(400, 'Your account has no upline to write to.', 'Su cuenta no tiene un superior al que escribir.'),
  'inbox.team.empty': e(400, 'There is nobody in your team to write to.', 'No hay nadie en su equipo a quien escribir.'),
  // lottery (issue 6)
  'lottery.game.not.found': e(404, 'This lottery game does not exist or is not available.', 'Este juego de lotería no existe o no está disponible.'),
  'lottery.draw.not.found': e(404, 'This issue does not exist.', 'Este sorteo no existe.'),
  'lottery.draw.closed': e(409, 'Betting for this issue is closed. Bet on the next issue.', 'Las apuestas de este sorteo están cerradas. Apueste en el siguiente sorteo.'),
  'lottery.draw.now.disabled': e(403, 'Drawing an issue now is a test tool and is off in production: issues are drawn at their time.', 'Sortear ahora es una herramienta de prueba y está desactivada en producción: los sorteos se hacen a su hora.'),
  'lottery.draw.state': e(409, 'This issue can no longer be changed (it is {status}).', 'Este sorteo ya no se puede modificar (está {status}).'),
  'lottery.bet.invalid': e(400, 'This bet is not valid: {reason}', 'Esta apuesta no es válida: {reason}'),
  'lottery.bet.amount': e(400, 'Each bet must be between {min} and {max}.', 'Cada apuesta debe estar entre {min} y {max}.'),
  'lottery.bet.number.limit': e(400, 'The limit for {number} in this issue is reached (left: {left}).', 'Se alcanzó el límite de {number} en este sorteo (disponible: {left}).'),
  'lottery.prize.mode.invalid': e(400, 'This prize mode is not available for this game.', 'Este modo de premio no está disponible para este juego.'),
  // VN official results (issue 21): the console's four-eyes entry and the results feed
  'lottery.result.invalid': e(409, 'Prize {prize} must have {count} numbers of {digits} digits (got: {got}).', 'El premio {prize} debe tener {count} números de {digits} dígitos (recibido: {got}).'),
  'lottery.result.too.early': e(409, 'The official result can only be entered after the draw time ({drawAt}).', 'El resultado oficial solo se puede ingresar después de la hora del sorteo ({drawAt}).'),
  'lottery.result.same.operator': e(409, 'Another operator must confirm this result: you made the first entry.', 'Otro operador debe confirmar este resultado: usted hizo la primera entrada.'),
  'lottery.result.mismatch': e(409, 'The two entries differ ({prizes}): settlement is blocked. Discard them and enter the result again.', 'Las dos entradas no coinciden ({prizes}): la liquidación está bloqueada. Descártelas e ingrese el resultado de nuevo.'),
  'lottery.result.not.official': e(409, 'This issue is drawn by the game, not settled on an official result.', 'Este sorteo lo hace el juego; no se liquida con un resultado oficial.'),
  'lottery.feed.unset': e(409, 'No results feed is configured for this brand.', 'Esta marca no tiene configurada una fuente de resultados.'),
  'lottery.feed.failed': e(502, 'The results feed could not be read ({reason}).', 'No se pudo leer la fuente de resultados ({reason}).'),
  // security centre (member profile, bind, avatar)
  'member.profile.locked': e(409, 'This field cannot be changed once set. Please contact customer service.', 'Este campo no se puede cambiar una vez configurado. Contacte con atención al cliente.'),
  'member.bind.same': e(400, 'This is already bound to your account.', 'Esto ya está vinculado a su cuenta.'),
  'member.contact.unbound': e(400, 'Bind a mobile number or e-mail first.', 'Primero vincule un número de móvil o un correo electrónico.'),
  // agents' powers over members (issue 18 item 2): money out after a reset, proof from the bound contact
  'member.money.hold': e(403, 'Withdrawals and transfers are on hold until {until}: the password was reset and this device is new to the account.', 'Los retiros y las transferencias están retenidos hasta el {until}: la contraseña se restableció y este dispositivo es nuevo para la cuenta.'),
  'member.money.contact.required': e(403, 'Your agent reset your password: verify a mobile number or e-mail of your own before withdrawing or transferring.', 'Su agente restableció su contraseña: verifique un número de móvil o un correo electrónico propio antes de retirar o transferir.'),
  'member.proof.required': e(403, 'Confirm this change with the code we send to your bound mobile or e-mail.', 'Confirme este cambio con el código que enviamos a su móvil o correo electrónico vinculado.'),
  'member.avatar.type': e(400, 'The avatar must be a PNG or JPG image.', 'El avatar debe ser una imagen PNG o JPG.'),
  'member.avatar.too.large': e(413, 'The avatar must be at most {max} MB.', 'El avatar debe tener como máximo {max} MB.'),
  'member.avatar.invalid': e(400, 'This image cannot be read. Please choose another file.', 'No se puede leer esta imagen. Elija otro archivo.'),
  // promotions and reward centre (issue 7)
  'promotion.not.found': e(404, 'This promotion does not exist.', 'Esta promoción no existe.'),
  'promotion.not.started': e(409, 'This promotion has not started yet.', 'Esta promoción aún no ha comenzado.'),
  'promotion.closed': e(409, 'This promotion has ended.', 'Esta promoción ha terminado.'),
  'promotion.not.eligible': e(409, 'There is no reward to claim yet: check the conditions of this promotion.', 'Todavía no hay recompensa para reclamar: revise las condiciones de esta promoción.'),
  'promotion.join.not.needed': e(409, 'This promotion needs no sign-up: its reward comes by itself.', 'Esta promoción no necesita inscripción: su recompensa llega sola.'),
  'promotion.review.done': e(409, 'This application was already reviewed.', 'Esta solicitud ya fue revisada.'),
  'promotion.rule.invalid': e(400, 'This rule does not fit its kind: {reason}', 'Esta regla no corresponde a su tipo: {reason}'),
  // missions and VIP (issue 7)
  'mission.not.found': e(404, 'This mission does not exist.', 'Esta misión no existe.'),
  'mission.not.complete': e(409, 'This mission is not complete yet.', 'Esta misión aún no está completa.'),
  'vip.level.not.found': e(404, 'This VIP level does not exist.', 'Este nivel VIP no existe.'),
  'vip.level.not.reached': e(409, 'You have not reached this VIP level yet.', 'Todavía no ha alcanzado este nivel VIP.'),
  // points mall (issue 7 item 6)
  'points.reward.not.found': e(404, 'This reward does not exist.', 'Esta recompensa no existe.'),
  'points.reward.sold.out': e(409, 'This reward is sold out.', 'Esta recompensa está agotada.'),
  'points.reward.limit': e(409, 'You have already redeemed this reward the most times allowed ({limit}).', 'Ya canjeó esta recompensa el máximo de veces permitido ({limit}).'),
  'points.not.enough': e(409, 'You do not have enough points ({need} needed).', 'No tiene puntos suficientes (se necesitan {need}).'),
  'points.address.required': e(400, 'Enter the receiving address and the name of who receives it.', 'Introduzca la dirección de entrega y el nombre de quien la recibe.'),
  'points.mobile.invalid': e(400, 'Enter a valid mobile number for the delivery.', 'Introduzca un número de móvil válido para la entrega.'),
  'points.convert.min': e(400, 'Convert at least {min} points, in whole points.', 'Convierta al menos {min} puntos, en puntos enteros.'),
  'points.redemption.not.found': e(404, 'This redemption does not exist.', 'Este canje no existe.'),
  'points.redemption.reviewed': e(409, 'This redemption was already reviewed ({status}).', 'Este canje ya fue revisado ({status}).'),
  // help, feedback and activity comments (issue 7 item 9)
  'feedback.words': e(400, 'Please write between {min} and {max} words.', 'Escriba entre {min} y {max} palabras.'),
  'feedback.too.long': e(400, 'Please write at most {max} characters.', 'Escriba como máximo {max} caracteres.'),
  'feedback.images.too.many': e(400, 'Attach at most {max} images.', 'Adjunte como máximo {max} imágenes.'),
  'feedback.image.type': e(400, 'Images must be PNG or JPG files.', 'Las imágenes deben ser archivos PNG o JPG.'),
  'feedback.image.too.large': e(413, 'Each image must be at most {max} MB.', 'Cada imagen debe tener como máximo {max} MB.'),
  'feedback.image.invalid': e(400, 'This image cannot be read. Please choose another file.', 'No se puede leer esta imagen. Elija otro archivo.'),
  'feedback.not.found': e(404, 'This feedback does not exist.', 'Este comentario no existe.'),
  'feedback.replied': e(409, 'This feedback was already answered.', 'Este comentario ya fue respondido.'),
  'comment.too.long': e(400, 'A comment can have at most {max} characters.', 'Un comentario puede tener como máximo {max} caracteres.'),
  // referral and red envelopes (issue 7)
  'redEnvelope.not.found': e(404, 'This red envelope does not exist or is not for you.', 'Este sobre rojo no existe o no es para usted.'),
  'redEnvelope.expired': e(409, 'This red envelope has expired.', 'Este sobre rojo ha caducado.'),
  'redEnvelope.not.started': e(409, 'This red envelope is not open yet.', 'Este sobre rojo aún no está abierto.'),
  'redEnvelope.empty': e(409, 'Too late: every share of this red envelope was taken.', 'Demasiado tarde: ya se tomaron todas las partes de este sobre rojo.'),
  'redEnvelope.window.invalid': e(400, 'The end must be in the future and after the start (at most 30 days).', 'El fin debe estar en el futuro y después del inicio (30 días como máximo).'),
  'redEnvelope.split.invalid': e(400, 'Each share must be at least 0.01: raise the total or lower the count.', 'Cada parte debe ser de al menos 0.01: aumente el total o reduzca la cantidad.'),
  // operator console: brand settings (issue 9 item 2)
  'settings.language.default': e(400, 'The default language must be one of the visible languages.', 'El idioma predeterminado debe ser uno de los idiomas visibles.'),
  'settings.language.untranslated': e(400, 'The product has no translations for {language}: a brand can only offer a translated language.', 'El producto no tiene traducciones para {language}: una marca solo puede ofrecer un idioma traducido.'),
  'settings.gmt.range': e(400, 'The GMT offset must be between -12:00 and +14:00.', 'La diferencia GMT debe estar entre -12:00 y +14:00.'),
  'settings.register.range': e(400, 'Field {field}: the minimum length cannot be greater than the maximum.', 'Campo {field}: la longitud mínima no puede ser mayor que la máxima.'),
  'settings.register.pattern': e(400, 'Field {field}: the pattern is not a valid regular expression.', 'Campo {field}: el patrón no es una expresión regular válida.'),
  'settings.module.unknown': e(400, 'Unknown module: {module}.', 'Módulo desconocido: {module}.'),
  'settings.amount.invalid': e(400, '{field}: enter an amount such as 10 or 10.50.', '{field}: introduzca un importe como 10 o 10.50.'),
  'settings.config.invalid': e(400, 'These settings would make the brand configuration invalid: {detail}.', 'Esta configuración haría inválida la configuración de la marca: {detail}.'),
  // operator console (issue 9)
  'operator.login.failed': e(401, 'Wrong operator name, password or code.', 'Nombre de operador, contraseña o código incorrectos.'),
  'operator.totp.required': e(401, 'Enter the 6-digit code of your authenticator app.', 'Introduzca el código de 6 dígitos de su aplicación de autenticación.'),
  'operator.totp.enrol': e(401, 'Scan this QR code with your authenticator app, then enter its code.', 'Escanee este código QR con su aplicación de autenticación e introduzca su código.'),
  'operator.totp.invalid': e(401, 'The authenticator code is not correct.', 'El código de autenticación no es correcto.'),
  'operator.not.session': e(401, 'Your console session has ended. Please log in again.', 'Su sesión de consola ha terminado. Vuelva a iniciar sesión.'),
  'operator.forbidden': e(403, 'Your role does not allow this action.', 'Su rol no permite esta acción.'),
  'operator.approval.same': e(409, 'You already approved this withdrawal: a second operator must approve it.', 'Ya aprobó este retiro: un segundo operador debe aprobarlo.'),
  'operator.approval.second': e(409, 'Your approval is recorded. Above the brand\'s amount a second operator must approve this withdrawal before it is paid.', 'Su aprobación quedó registrada. Por encima del importe de la marca, un segundo operador debe aprobar este retiro antes de pagarlo.'),
  'operator.approval.named': e(403, 'Above the brand\'s amount a withdrawal needs the approval of two named operators in the console; the service key cannot approve it.', 'Por encima del importe de la marca, un retiro necesita la aprobación de dos operadores identificados en la consola; la clave de servicio no puede aprobarlo.'),
  'operator.grant.forbidden': e(403, 'You cannot grant a role or brands you do not hold yourself, nor change your own.', 'No puede otorgar un rol ni marcas que usted no tenga, ni cambiar los suyos.'),
  'operator.exists': e(409, 'An operator with this name already exists.', 'Ya existe un operador con este nombre.'),
  'operator.not.found': e(404, 'This operator does not exist.', 'Este operador no existe.'),
  'operator.member.not.found': e(404, 'This member does not exist.', 'Este miembro no existe.'),
  // responsible gaming (issue 9 item 6)
  'responsible.cooloff': e(403, 'Your account is on a break until {until}. You cannot log in, play or deposit until then.', 'Su cuenta está en pausa hasta el {until}. Hasta entonces no puede iniciar sesión, jugar ni depositar.'),
  'responsible.excluded': e(403, 'Your account is self-excluded until {until}. You cannot log in, play or deposit until then.', 'Su cuenta está autoexcluida hasta el {until}. Hasta entonces no puede iniciar sesión, jugar ni depositar.'),
  'responsible.deposit.limit': e(403, 'This deposit would pass your deposit limit of {limit}: you can deposit up to {left} more in this period.', 'Este depósito superaría su límite de depósito de {limit}: puede depositar hasta {left} más en este periodo.'),
  'responsible.loss.limit': e(403, 'This bet could pass your loss limit of {limit}: {left} left in this period.', 'Esta apuesta podría superar su límite de pérdidas de {limit}: quedan {left} en este periodo.'),
  'responsible.break.duration': e(400, 'This kind of break lasts from {min} to {max} days.', 'Este tipo de pausa dura de {min} a {max} días.'),
  'responsible.break.shorten': e(409, 'A break cannot be shortened: the current one ends on {until}.', 'Una pausa no se puede acortar: la actual termina el {until}.'),
  'responsible.exclusion.final': e(409, 'A self-exclusion cannot be lifted before its end.', 'Una autoexclusión no se puede levantar antes de su fin.'),
  'responsible.no.cooloff': e(409, 'This member has no cool-off to lift.', 'Este miembro no tiene una pausa que levantar.'),
  // operator console, content (issue 9 item 3)
  'content.order.invalid': e(400, 'The order must list every banner of the group once.', 'El orden debe incluir cada banner del grupo una sola vez.'),
  'content.help.not.found': e(404, 'This help article does not exist.', 'Este artículo de ayuda no existe.'),
  'content.help.exists': e(409, 'A help article with this term already exists.', 'Ya existe un artículo de ayuda con este término.'),
  'content.image.type': e(400, 'The image must be a PNG or JPG file.', 'La imagen debe ser un archivo PNG o JPG.'),
  'content.image.too.large': e(413, 'The image is larger than {max} MB.', 'La imagen pesa más de {max} MB.'),
  'content.image.invalid': e(400, 'The image file is damaged or too large in pixels.', 'El archivo de imagen está dañado o es demasiado grande en píxeles.'),
  // operator console, rewards (issue 9 item 3)
  'operator.rewards.mission.claimed': e(409, 'Members have already claimed this mission: its kind and period cannot change. Add a new mission instead.', 'Los miembros ya reclamaron esta misión: su tipo y periodo no pueden cambiar. Cree una misión nueva.'),
  'operator.rewards.mission.target': e(400, 'The target of this kind is a whole number of at least 1.', 'El objetivo de este tipo es un número entero de al menos 1.'),
  'operator.rewards.vip.order': e(400, 'Thresholds must increase with the level: both must be above level {below} and under level {above}.', 'Los umbrales deben aumentar con el nivel: ambos por encima del nivel {below} y por debajo del nivel {above}.'),
  'operator.rewards.vip.gap': e(400, 'Add the levels in order: the next level is {next}.', 'Añada los niveles en orden: el siguiente nivel es {next}.'),
  'operator.rewards.voucher': e(400, 'A voucher needs its amount; an item has none.', 'Un vale necesita su importe; un artículo no lleva importe.'),
  'operator.move.target.invalid': e(404, 'The new upline is not a member of this brand.', 'La nueva línea superior no es un miembro de esta marca.'),
  'operator.move.not.agent': e(409, 'The new upline must be an agent.', 'La nueva línea superior debe ser un agente.'),
  'operator.move.cycle': e(409, 'A member cannot be moved under itself or under its own downline.', 'No se puede mover un miembro bajo sí mismo ni bajo su propia línea descendente.'),
  'operator.move.same': e(409, 'The member is already directly under this agent.', 'El miembro ya está directamente bajo este agente.'),
  'operator.move.trial': e(409, 'Trial accounts cannot be moved.', 'Las cuentas de prueba no se pueden mover.'),
  'operator.games.vendor.not.found': e(404, 'This vendor is not in the brand\'s catalog.', 'Este proveedor no está en el catálogo de la marca.'),
  'operator.games.game.not.found': e(404, 'This game is not in the brand\'s catalog.', 'Este juego no está en el catálogo de la marca.'),
  // know your customer and risk (issue 26): kyc-errors.ts
  ...KYC_ERRORS,
  ...PAYMENTS_ERRORS,
  ...AGGREGATORS_ERRORS,
  'operator.games.import.invalid': e(422, 'The catalog file has errors: nothing was imported.', 'El archivo de catálogo tiene errores: no se importó nada.'),
} satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERRORS, code);
}

/**
 * Words for param values that are codes (a state such as `void`): per error code and param, the
 * value's wording in each language. The thrower passes the code (as in the answer's `value`);
 * the message names it in the request's language. Values not listed are written as they are.
 */
const w = (en: string, es: string) => ({ en, es });
/**
 * What a form field is called, for `{field}` in field errors: every register field (brand.ts
 * REGISTER_FIELDS), profile field (member-profile.ts PROFILE_FIELDS) and the new password.
 */
const FIELD_NAMES: Record<string, { en: string; es: string }> = {
  username: w('username', 'nombre de usuario'), password: w('password', 'contraseña'),
  confirmPassword: w('password confirmation', 'confirmación de contraseña'), newPassword: w('new password', 'contraseña nueva'),
  payeeName: w('payee name', 'nombre del titular'), email: w('email', 'correo electrónico'), qqNum: w('QQ number', 'número de QQ'),
  mobileNum: w('mobile number', 'número de móvil'), recommenderId: w('recommender ID', 'ID del recomendante'),
  captcha: w('captcha', 'código captcha'), verificationCode: w('verification code', 'código de verificación'),
  affiliateCode: w('affiliate code', 'código de afiliado'), paymentPassword: w('payment password', 'contraseña de pago'),
  line: w('LINE', 'LINE'), whatsapp: w('WhatsApp', 'WhatsApp'), facebook: w('Facebook', 'Facebook'), wechat: w('WeChat', 'WeChat'),
  idNumber: w('ID number', 'número de documento'), birthday: w('date of birth', 'fecha de nacimiento'),
  nickname: w('nickname', 'apodo'), realName: w('real name', 'nombre real'), telegram: w('Telegram', 'Telegram'), zalo: w('Zalo', 'Zalo'),
  address: w('address', 'dirección'), nationality: w('nationality', 'nacionalidad'), occupation: w('occupation', 'ocupación'),
  sourceOfIncome: w('source of income', 'fuente de ingresos'), bankAccount: w('bank account', 'cuenta bancaria'),
};

export const ERROR_PARAM_WORDS: Partial<Record<ErrorCode, Record<string, Record<string, { en: string; es: string }>>>> = {
  // "Este sorteo ... (está {status})": sorteo is masculine
  // "This bet is not valid: {reason}": a reason names the bet's other params ({type}, {count}, {number}, {digits})
  'lottery.bet.invalid': {
    reason: {
      type: w('{type} is not a bet of this game', '{type} no es una apuesta de este juego'),
      count: w('{type} takes {count} number(s)', '{type} lleva {count} número(s)'),
      digits: w('{number} is not a {digits}-digit number', '{number} no es un número de {digits} cifras'),
      distinct: w('the numbers must be different', 'los números deben ser distintos'),
    },
  },
  'lottery.draw.state': {
    status: { open: w('open', 'abierto'), closed: w('closed', 'cerrado'), drawn: w('drawn', 'sorteado'), settled: w('settled', 'liquidado'), void: w('void', 'anulado') },
  },
  // "Esta orden ... (está {status})": orden is feminine; every DEPOSIT_STATUSES value (expired as the wallet list says it)
  'cashier.order.state': {
    status: {
      pending: w('pending', 'pendiente'), confirmed: w('confirmed', 'confirmada'), cancelled: w('cancelled', 'cancelada'),
      expired: w('expired', 'vencida'), rejected: w('rejected', 'rechazada'),
    },
  },
  // "Este retiro ... (está {status})": retiro is masculine; every WITHDRAW_STATUSES value (disputed as the wallet list says it)
  'cashier.withdraw.state': {
    status: {
      pending: w('pending', 'pendiente'), paid: w('paid', 'pagado'), rejected: w('rejected', 'rechazado'),
      received: w('marked as received', 'marcado como recibido'), disputed: w('in review', 'en revisión'),
      auto_received: w('marked as received automatically', 'marcado como recibido automáticamente'),
      returned: w('returned by the payment provider', 'devuelto por el proveedor de pagos'),
    },
  },
  // "Este canje ya fue revisado ({status})": canje is masculine; every REDEMPTION_STATUSES value
  'points.redemption.reviewed': {
    status: { process: w('in process', 'en proceso'), approved: w('approved', 'aprobado'), rejected: w('rejected', 'rechazado') },
  },
  'field.invalid': { field: FIELD_NAMES },
  'settings.register.range': { field: FIELD_NAMES },
  'settings.register.pattern': { field: FIELD_NAMES },
  // "Esta regla no corresponde a su tipo: {reason}": the rule field at fault (promotions/console.ts ruleOf, and the dates)
  'promotion.rule.invalid': {
    reason: {
      bps: w('set its percentage (above 0)', 'indique su porcentaje (mayor que 0)'),
      fixedAmount: w('set its fixed amount (above 0)', 'indique su importe fijo (mayor que 0)'),
      prizes: w('set the prize of each place (each above 0)', 'indique el premio de cada puesto (cada uno mayor que 0)'),
      period: w('choose another period', 'elija otro periodo'),
      withinDays: w('set the days since sign-up', 'indique los días desde el registro'),
      endsAt: w('the end must come after the start', 'el fin debe ser posterior al inicio'),
    },
  },
};

/** The text of an error in ES or EN, with `{name}` params filled in (code values in words, see ERROR_PARAM_WORDS). */
export function errorMessage(code: string, lang: 'ES' | 'EN', params?: Record<string, string | number>): string {
  const def: ErrorDef = isErrorCode(code) ? ERRORS[code] : ERRORS['unknown.error'];
  const text = lang === 'ES' ? def.es : def.en;
  if (!params) return text;
  const words = isErrorCode(code) ? ERROR_PARAM_WORDS[code] : undefined;
  const put = (t: string, fill: (k: string, v: string | number) => string) =>
    t.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? fill(k, params[k]) : m));
  // a code value's words may name the error's other params (filled as they are, once)
  return put(text, (k, v) => {
    const word = words?.[k] && Object.prototype.hasOwnProperty.call(words[k], v) ? words[k][v] : undefined;
    return word ? put(lang === 'ES' ? word.es : word.en, (_k, raw) => String(raw)) : String(v);
  });
}
