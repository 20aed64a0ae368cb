import type { FastifyPluginAsync } from "fastify";
import type { IpnAnswer } from "./vnpay-ipn";
import { vnpayParams } from "./vnpay";

export interface PaymentRoutesOptions {
  payments: { vnpayIpn(query: Record<string, string>): Promise<IpnAnswer> };
}

/**
 * `GET /api/payments/vnpay/ipn`: VNPay's server reports a payment. Always 200 with VNPay's JSON
 * answer (RspCode): the gateway retries on anything else. The signature is checked before any
 * row is read; nothing here trusts the caller's address.
 */
export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (fastify, options) => {
  fastify.get("/api/payments/vnpay/ipn", async (request, reply) => {
    const answer = await options.payments.vnpayIpn(
      vnpayParams((request.query ?? {}) as Record<string, unknown>),
    );
    return reply
      .code(200)
      .header("cache-control", "no-store")
      .type("application/json; charset=utf-8")
      .send(answer);
  });
};
