import { parseArgs } from 'node:util';
import {
  orderModel,
  webhooks,
  type CustomerFacts,
  type Envelope,
  type OrderFacts,
} from './payloads.ts';
import { sendWebhook } from './sender.ts';
import { startSallaSandbox, type IssuedTokens } from './server.ts';

const usage = `Salla sandbox — a local stand-in for Salla (development and tests only)

  npm run sandbox -- serve [--port 4010]
      Start the sandbox. Point Nuqat at it with SALLA_API_BASE=<url>/admin/v2 and SALLA_AUTH_BASE=<url>.

  npm run sandbox -- <event> [options]     (sends a signed webhook to Nuqat)
      install   --merchant ID [--email E] [--name N]        app.store.authorize (+ registers the store in the sandbox)
      subscribe --merchant ID [--plan starter|growth]       app.subscription.started
      uninstall --merchant ID                               app.uninstalled
      customer  --merchant ID --customer ID [--name "First Last"] [--birthday YYYY-MM-DD]
      order     --merchant ID --order ID --customer ID --total SAR [--status under_review]
      status    --merchant ID --order ID --customer ID --total SAR --status completed
      cancel    --merchant ID --order ID --customer ID --total SAR
      refund    --merchant ID --order ID --customer ID --total SAR [--amount SAR]   (no amount = full refund;
                an amount sets the order's total in the sandbox (SANDBOX_URL) to total − amount first, as
                Nuqat reads refunds from the Merchant API's order)
      review    --merchant ID --customer ID --rating 1-5 [--product ID | --order ID]

  Environment: NUQAT_URL (default http://localhost:3000), SALLA_WEBHOOK_SECRET (required to send),
  SANDBOX_URL (for install; default http://127.0.0.1:4010).`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      port: { type: 'string' },
      merchant: { type: 'string' },
      customer: { type: 'string' },
      order: { type: 'string' },
      total: { type: 'string' },
      status: { type: 'string' },
      amount: { type: 'string' },
      rating: { type: 'string' },
      product: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      birthday: { type: 'string' },
      plan: { type: 'string' },
    },
  });
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return 0;
  }
  if (command === 'serve') {
    const sandbox = await startSallaSandbox({ port: Number(values.port ?? 4010) });
    console.log(
      `Salla sandbox on ${sandbox.url}\n  SALLA_API_BASE=${sandbox.apiBase}\n  SALLA_AUTH_BASE=${sandbox.authBase}\n  SALLA_STOREFRONT_API_BASE=${sandbox.storefrontApiBase}`,
    );
    await new Promise(() => {});
  }

  const secret = process.env.SALLA_WEBHOOK_SECRET;
  if (!secret) {
    console.error('SALLA_WEBHOOK_SECRET must be set (the same value Nuqat uses).');
    return 2;
  }
  const merchant = Number(values.merchant);
  if (!Number.isSafeInteger(merchant) || merchant <= 0) {
    console.error('--merchant must be a store id');
    return 2;
  }
  const [firstName = 'عميل', ...last] = (values.name ?? 'عميل تجريبي').split(' ');
  const customer = (): CustomerFacts => ({
    id: Number(values.customer),
    firstName,
    lastName: last.join(' '),
    birthday: values.birthday ?? null,
  });
  const order = (status = values.status ?? 'under_review'): OrderFacts => ({
    id: Number(values.order),
    customer: values.customer ? customer() : null,
    total: Number(values.total ?? 100),
    status,
  });

  let envelope: Envelope;
  switch (command) {
    case 'install': {
      const sandboxUrl = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4010';
      const res = await fetch(`${sandboxUrl}/__sandbox/stores`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchantId: merchant, ownerEmail: values.email, name: values.name }),
      });
      envelope = webhooks.storeAuthorize(merchant, (await res.json()) as IssuedTokens);
      break;
    }
    case 'subscribe': {
      const now = new Date();
      const growth = values.plan !== 'starter';
      envelope = webhooks.subscription('app.subscription.started', merchant, {
        name: growth ? 'Growth' : 'Starter',
        price: growth ? 299 : 75,
        start: now,
        end: new Date(now.getTime() + 30 * 86_400_000),
      });
      break;
    }
    case 'uninstall':
      envelope = webhooks.appUninstalled(merchant);
      break;
    case 'customer':
      envelope = webhooks.customerCreated(merchant, customer());
      break;
    case 'order':
      envelope = webhooks.orderCreated(merchant, order());
      break;
    case 'status':
      envelope = webhooks.orderStatusUpdated(merchant, order(values.status ?? 'completed'));
      break;
    case 'cancel':
      envelope = webhooks.orderCancelled(merchant, order());
      break;
    case 'refund': {
      const refunded = order('completed');
      if (values.amount !== undefined) {
        const sandboxUrl = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4010';
        const kept = { ...refunded, total: refunded.total - Number(values.amount) };
        await fetch(`${sandboxUrl}/__sandbox/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ merchantId: merchant, order: orderModel(kept) }),
        });
      }
      envelope = webhooks.orderRefunded(merchant, refunded);
      break;
    }
    case 'review':
      envelope = webhooks.reviewAdded(merchant, {
        customer: customer(),
        rating: Number(values.rating ?? 5),
        ...(values.product ? { productId: Number(values.product) } : {}),
        ...(values.order ? { orderId: Number(values.order) } : {}),
      });
      break;
    default:
      console.error(`unknown command ${command}\n\n${usage}`);
      return 2;
  }
  const url = `${process.env.NUQAT_URL ?? 'http://localhost:3000'}/api/salla/webhooks`;
  const result = await sendWebhook(url, envelope, secret);
  console.log(`${envelope.event} → ${result.status} ${JSON.stringify(result.body)}`);
  return result.status === 200 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
