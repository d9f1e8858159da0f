/**
 * Issue 31's must-show: 200 invoices issued concurrently across two instances on one PostgreSQL, through HTTP posts
 * (the lawyer's form on the case's invoices page, half of them to each instance), get the numbers 1…200 of the
 * issuer's series with no gap and no duplicate (decision 0081: a counter row locked FOR UPDATE in the invoice's
 * transaction).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeaderFrom, seedEnrolledAccount } from "../support/accounts";
import { actorFor, seedPerson } from "../support/cases";
import { caseWithActiveAgreement, giveInvoicingProfile } from "../support/invoicing";
import { httpRequest, visibleText } from "../support/production-server";
import { totpCode } from "../support/totp";
import { FORM, startCluster, type Cluster } from "./support/cluster";

const INVOICES = 200;
const IN_FLIGHT = 40;

describe("gapless invoice numbers across two instances", () => {
  let cluster: Cluster;
  let lawyer: { userId: string; email: string; password: string; manualKey: string };
  const caseIds: string[] = [];

  beforeAll(async () => {
    cluster = await startCluster({
      async seed() {
        lawyer = await seedEnrolledAccount("lawyer", { email: "avocate@invoices.cluster.example", firstName: "Jeanne", lastName: "Numéro" });
        await giveInvoicingProfile(actorFor("lawyer", lawyer.userId, lawyer.email, "Jeanne", "Numéro"));
        const client = await seedPerson("user", "Grappe", { email: "client@invoices.cluster.example", verified: true });
        for (let index = 0; index < INVOICES; index += 1) {
          const { caseId } = await caseWithActiveAgreement(client.userId, lawyer.userId, { recoveredCents: [100_000 + index] });
          caseIds.push(caseId);
        }
      },
    });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it("200 concurrent issues, half on each instance: numbers 1…200, no gap, no duplicate, dates in number order", async () => {
    const [a, b] = cluster.servers.map((server) => server.baseUrl) as [string, string];
    const keep = (name: string) => !name.startsWith("recours_flash");
    const challenge = await httpRequest(a, "/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: lawyer.email, password: lawyer.password }).toString() });
    expect(challenge.location).toBe("/connexion/verification");
    const verified = await httpRequest(a, "/connexion/verification", {
      method: "POST",
      headers: FORM,
      cookie: cookieHeaderFrom(challenge.setCookies, keep),
      body: new URLSearchParams({ method: "app", code: await totpCode(lawyer.manualKey) }).toString(),
    });
    expect(verified.status, visibleText(verified.body).slice(0, 300)).toBe(302);
    const cookie = cookieHeaderFrom(verified.setCookies, keep);

    const statuses: number[] = [];
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < caseIds.length) {
          const index = next++;
          const response = await httpRequest(index % 2 === 0 ? a : b, `/case/${caseIds[index]}/factures?intent=issue`, { method: "POST", headers: FORM, cookie, body: "" });
          statuses.push(response.status);
        }
      }),
    );
    console.info(`${INVOICES} factures émises en ${Date.now() - started} ms`);
    expect(statuses.filter((status) => status !== 302)).toEqual([]);

    const rows = await cluster.query<{ sequence: number; number: string; case_id: string; issued_at: Date }>(
      "SELECT sequence, number, case_id, issued_at FROM invoices WHERE issuer_id = $1 AND kind = 'invoice' ORDER BY sequence",
      [lawyer.userId],
    );
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: INVOICES }, (_, index) => index + 1));
    expect(new Set(rows.map((row) => row.number)).size).toBe(INVOICES);
    expect(rows.every((row) => new RegExp(`^F-\\d{4}-${String(row.sequence).padStart(6, "0")}$`).test(row.number))).toBe(true);
    expect(new Set(rows.map((row) => row.case_id)).size).toBe(INVOICES);
    for (let index = 1; index < rows.length; index += 1) expect(rows[index]!.issued_at.getTime()).toBeGreaterThanOrEqual(rows[index - 1]!.issued_at.getTime());
    const [counter] = await cluster.query<{ last_value: number }>("SELECT last_value FROM invoice_counters WHERE issuer_id = $1 AND series = 'F'", [lawyer.userId]);
    expect(counter!.last_value).toBe(INVOICES);
  });
});
