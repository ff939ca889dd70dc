import type { Config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
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
      return new PaystackPaymentProvider({
        secretKey: config.payments.paystackSecretKey!,
        baseUrl: config.payments.paystackBaseUrl,
      });
  }
}
