// `npm run bench:pdf`: complaint pack generation time (p50/p95 over BENCH_RUNS runs after one warm-up) and size for
// 1, 50 (with 100 evidence files) and 500 payments, plus the bank letter for 50 payments. Renders in this process
// from in-memory case data (the database reads of a pack are a few indexed queries, measured by the other benches).
import { renderBankLetter } from "~/modules/case-file/bank-letter-pdf.server";
import { renderComplaintPack, type PackData, type PackPayment } from "~/modules/case-file/complaint-pack-pdf.server";
import type { EvidenceItem } from "~/modules/case-file/evidence.schema";
import { timed } from "./timing";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const IBANS = ["FR7630006000011234567890189", "DE89370400440532013000", "BE68539007547034", "LT121000011101001000"];

function payments(count: number): PackPayment[] {
  return Array.from({ length: count }, (_, i) => {
    const wallet = i % 5 === 4;
    return {
      paidOn: `20${24 + (i % 2)}-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      amount: i % 3 === 0 ? "48250.50" : `${1000 + i}`,
      currency: i % 9 === 0 ? "CHF" : "EUR",
      method: wallet ? "cryptocurrency" : i % 2 ? "credit_card" : "bank_transfer",
      beneficiaryKind: wallet ? "wallet" : "iban",
      beneficiary: wallet ? "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" : IBANS[i % IBANS.length]!,
      walletNetwork: wallet ? "btc" : null,
      payerBank: wallet ? null : "Crédit Agricole Aquitaine",
      note: null,
    };
  });
}

function evidence(count: number): EvidenceItem[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `e${i}`,
    fileId: `f${i}`,
    fileName: `capture-écran-conversation-${i}.png`,
    category: i % 2 ? "conversation_screenshots" : "bank_statements",
    description: "Échange WhatsApp avec « Marc », le faux conseiller",
    sizeBytes: 245_000 + i * 1000,
    mediaType: "image/png",
    sha256: (i.toString(16).padStart(4, "0") + "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08").slice(0, 64),
    uploadedAt: new Date(Date.UTC(2025, 2, 1 + (i % 28))).toISOString(),
  }));
}

function pack(paymentCount: number, evidenceCount: number): PackData {
  return {
    caseNumber: "RC-2026-001234",
    generatedAt: new Date(),
    victim: {
      firstName: "Éloïse",
      lastName: "Dûmont-Lefèvre",
      birthDate: "1956-03-14",
      email: "eloise.dumont@example.fr",
      phone: "+33 6 12 34 56 78",
      address: "8 rue des Tilleuls",
      postalCode: "33000",
      city: "Bordeaux",
      country: "france",
    },
    lawyer: { firstName: "Anne", lastName: "Martin", barName: "Barreau de Bordeaux" },
    facts: {
      scamType: "investment_scam",
      contactMethod: "phone",
      contactMethodDetails: "Un conseiller « Marc » au 01 23 45 67 89",
      firstContactDate: "2024-01-12",
      contactedBank: true,
      bankContactDetails: "Agence de Bordeaux, appel le 2 mai",
      filedComplaint: true,
      complaintStatus: "Déposée au commissariat",
      complaintReference: "PV 2024/00123",
      description: "Un faux conseiller m'a fait placer mes économies sur un livret à 8 % ; il m'a ensuite demandé des frais pour débloquer les fonds.",
      declaredAmount: "52000",
    },
    payments: payments(paymentCount),
    identifiers: [
      { kind: "iban", value: IBANS[0]! },
      { kind: "phone", value: "+33123456789" },
      { kind: "email", value: "marc@faux-placement.example" },
      { kind: "website", value: "faux-placement.example" },
    ],
    evidence: evidence(evidenceCount),
  };
}

const scenarios: [string, PackData][] = [
  ["1 paiement, 2 preuves", pack(1, 2)],
  ["50 paiements, 100 preuves", pack(50, 100)],
  ["500 paiements, 100 preuves", pack(500, 100)],
];

console.log(`Dossier de plainte (pdfkit, DejaVu), ${RUNS} générations après une de chauffe :`);
for (const [name, data] of scenarios) {
  let size = 0;
  const figures = await timed(RUNS, async () => (size = (await renderComplaintPack(data)).length), { warmUp: true });
  console.log(`- ${name} : p50 ${figures.p50.toFixed(0)} ms, p95 ${figures.p95.toFixed(0)} ms, ${(size / 1024).toFixed(0)} Kio`);
}
let letterSize = 0;
const letter = await timed(RUNS, async () => (letterSize = (await renderBankLetter(pack(50, 0), "Crédit Agricole Aquitaine")).length), { warmUp: true });
console.log(`Lettre à la banque (50 paiements) : p50 ${letter.p50.toFixed(0)} ms, p95 ${letter.p95.toFixed(0)} ms, ${(letterSize / 1024).toFixed(0)} Kio`);
