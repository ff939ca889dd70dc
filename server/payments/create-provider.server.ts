import type { Config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { PaynowPaymentProvider } from "./paynow.server";
import { PaystackPaymentProvider } from "./paystack.server";
import type { PaymentProvider } from "./provider.server";
import { SimulatedPaymentProvider } from "./simulated.server";

/**
 * The provider named by PAYMENT_PROVIDER; callers only see the PaymentProvider interface.
 * With the simulated provider anyone gets premium by pressing Pay, so production never falls
 * into it by default: it must be chosen (`npm start`, the demo, chooses it), and it is loud.
 */
export function createPaymentProvider(
  config: Config,
  options: { requireChoice?: boolean } = {},
): PaymentProvider {
  const { provider, providerChosen } = config.payments;
  if (config.env === "production" && !providerChosen && options.requireChoice !== false) {
    throw new Error(
      "Invalid environment:\n  PAYMENT_PROVIDER: required in production. Set PAYMENT_PROVIDER=paystack" +
        " (with PAYSTACK_SECRET_KEY) to take real payments, or PAYMENT_PROVIDER=simulated for a" +
        " demonstration where no money moves.",
    );
  }
  switch (provider) {
    case "simulated":
      if (config.env === "production" && providerChosen) {
        logger().warn(
          "Payments are simulated (PAYMENT_PROVIDER=simulated): no money moves and anyone who presses Pay is marked paid",
        );
      }
      return new SimulatedPaymentProvider();
    case "paystack":
      return paystackFrom(config);
    case "paynow":
      return paynowFrom(config);
  }
}

/**
 * Every provider this server can take payments through: the main one (PAYMENT_PROVIDER) first,
 * then each other provider whose keys are set (Paynow beside Paystack, for Zimbabwe). Site
 * settings choose which of them the payment page offers.
 */
export function createPaymentProviders(
  config: Config,
  options: { requireChoice?: boolean } = {},
): PaymentProvider[] {
  const main = createPaymentProvider(config, options);
  const providers = [main];
  if (main.name !== "paystack" && config.payments.paystackSecretKey) {
    providers.push(paystackFrom(config));
  }
  if (main.name !== "paynow" && config.payments.paynow) providers.push(paynowFrom(config));
  return providers;
}

function paystackFrom(config: Config) {
  return new PaystackPaymentProvider({
    secretKey: config.payments.paystackSecretKey!,
    baseUrl: config.payments.paystackBaseUrl,
  });
}

function paynowFrom(config: Config) {
  const paynow = config.payments.paynow!;
  return new PaynowPaymentProvider({
    ...paynow,
    resultUrl: `${config.baseUrl}/webhooks/paynow`,
  });
}
