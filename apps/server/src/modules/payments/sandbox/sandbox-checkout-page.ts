import { formatUsd } from '@furrow/domain/money';
import type { SandboxCheckout, SandboxOnboarding } from './sandbox-provider';

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

// Styles only: the app's Content-Security-Policy lets no inline script run, and the page needs none.
const style = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#faf7f0;color:#1f2a1f}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:.25rem 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.6rem;border:1px solid #8a8f86;border-radius:8px;font:inherit}
.row{display:flex;gap:1rem}.row>div{flex:1}
button{margin-top:1.5rem;width:100%;padding:.75rem;border:0;border-radius:8px;background:#2f6b3a;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.error{padding:.75rem;border-radius:8px;background:#fdecea;color:#8a1c12;font-weight:600}
.note{font-size:.875rem;color:#4a5347}.back{margin-top:1.5rem}a{color:#2f6b3a}`;

/** The sandbox's hosted checkout: a plain form that works without JavaScript. */
export function renderCheckoutPage(
  checkout: SandboxCheckout,
  options: { error?: string; name?: string } = {},
): string {
  const { purchase } = checkout;
  const amount = escapeHtml(formatUsd(checkout.amountCents));
  const { title, summary, submit } =
    purchase.kind === 'plan'
      ? {
          title: `Furrow ${purchase.planName}`,
          summary: `${purchase.trialDays} days free, then ${amount} a ${purchase.billingCycle === 'annual' ? 'year' : 'month'}. Cancel any time.`,
          submit: 'Start trial',
        }
      : {
          title: `Order ${purchase.orderNumber} from ${purchase.farmName}`,
          summary: `${amount}, paid to ${escapeHtml(purchase.farmName)}.`,
          submit: `Pay ${amount}`,
        };
  const action = `/sandbox/checkout/${encodeURIComponent(checkout.id)}`;
  const error = options.error
    ? `<p class="error" role="alert" id="card-error">${escapeHtml(options.error)}</p>`
    : '';
  const described = options.error ? ' aria-describedby="card-error" aria-invalid="true"' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay for ${escapeHtml(title)} (sandbox)</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${summary}</p>
${error}
<form method="post" action="${escapeHtml(action)}">
<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required${described}>
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/34" required></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div>
</div>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" value="${escapeHtml(options.name ?? '')}">
<button type="submit">${submit}</button>
</form>
<p class="note">Sandbox: no money moves. 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
<p class="note"><a href="${escapeHtml(checkout.cancelUrl)}">Cancel and go back</a></p>
</main>
</body>
</html>`;
}

export function renderCheckoutGone(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout not found</title><style>${style}</style></head>
<body><main><h1>This checkout has expired or does not exist</h1><p>Go back to Furrow and start again.</p></main></body></html>`;
}

/** The sandbox's stand-in for Stripe's Express onboarding: one click connects the farm. */
export function renderOnboardingPage(onboarding: SandboxOnboarding): string {
  const action = `/sandbox/connect/${encodeURIComponent(onboarding.accountId)}`;
  const farm = escapeHtml(onboarding.farmName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect payouts for ${farm} (sandbox)</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>Connect payouts for ${farm}</h1>
<p>Shoppers' card payments for ${farm} go straight to this account, less the card fees.</p>
<p class="note">Sandbox: a real provider asks for the farm's business details and bank account here. Nothing is checked and no money moves.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">Finish connecting</button>
</form>
<p class="note back"><a href="${escapeHtml(onboarding.refreshUrl)}">Not now, go back</a></p>
</main>
</body>
</html>`;
}
