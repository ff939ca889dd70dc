import type { Config } from "../config.server";
import { PaystackPaymentProvider } from "./paystack.server";
import type { PaymentProvider } from "./provider.server";
import { SimulatedPaymentProvider } from "./simulated.server";

/** The provider named by PAYMENT_PROVIDER; callers only see the PaymentProvider interface. */
export function createPaymentProvider(config: Config): PaymentProvider {
  switch (config.payments.provider) {
    case "simulated":
      return new SimulatedPaymentProvider();
    case "paystack":
      return new PaystackPaymentProvider({
        secretKey: config.payments.paystackSecretKey!,
        baseUrl: config.payments.paystackBaseUrl,
      });
  }
}
