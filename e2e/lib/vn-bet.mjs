// A bet on the Vietnamese lottery page in Chromium, shared by the operator-lottery and fairness
// journeys: lô `number` at 10.00 on the issue the page shows, from the board through the slip.
import { waitUntil } from './harness.mjs';
import { balanceText, cents } from './player.mjs';

/**
 * Puts lô `number` at 10.00 on issue `numero` (board → slip → the amount for every line → place),
 * waits for the slip's confirmation and for the header balance to drop by 10.00 from `balance`
 * (cents). Answers the new balance.
 */
export async function betLo10(page, numero, balance, number = '27') {
  await page.getByTestId('bet-board').getByRole('button', { name: number, exact: true }).click();
  await page.getByTestId('add-to-slip').click();
  const slip = page.getByTestId('bet-slip');
  await slip.getByTestId('slip-line').first().waitFor();
  await slip.getByLabel('Monto por apuesta').fill('10');
  await slip.getByRole('button', { name: 'Aplicar a todas' }).click();
  await slip.getByTestId('place-bets').click();
  await slip.getByText(`1 apuesta registrada en el sorteo ${numero}.`).waitFor();
  await waitUntil(async () => cents(await balanceText(page)) === balance - 1_000, { message: 'the balance did not drop by 10.00' });
  return balance - 1_000;
}
