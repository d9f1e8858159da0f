// npm run demo — seeds a demo client, lawyer and admin into the current database and prints their credentials.
import { createAccount, type NewAccount } from "../app/modules/accounts/accounts.server";
import { db } from "../app/platform/runtime.server";
import { generatePassword, SECOND_FACTOR_NOTICE, withRuntime } from "./cli";

const people: Omit<NewAccount, "password" | "emailVerified">[] = [
  { email: "client.demo@recours.test", firstName: "Camille", lastName: "Martin", phoneMobile: "+33612345678", country: "france", role: "user" },
  { email: "avocat.demo@recours.test", firstName: "Julien", lastName: "Bernard", phoneMobile: "+33698765432", country: "france", role: "lawyer" },
  { email: "admin.demo@recours.test", firstName: "Sophie", lastName: "Leroy", phoneMobile: null, country: "france", role: "admin" },
];

await withRuntime(async () => {
  const rows: { rôle: string; email: string; "mot de passe": string }[] = [];
  for (const person of people) {
    const password = generatePassword();
    const created = await createAccount({ ...person, password, emailVerified: true });
    rows.push({ rôle: person.role, email: person.email, "mot de passe": created.ok ? password : "(existe déjà, inchangé)" });
  }
  const lawyer = await db().selectFrom("profiles").select("id").where("email", "=", people[1]!.email).executeTakeFirst();
  if (lawyer) {
    await db().updateTable("profiles").set({ assigned_lawyer_id: lawyer.id }).where("email", "=", people[0]!.email).execute();
  }
  console.log("Comptes de démonstration (mots de passe affichés une seule fois) :");
  console.table(rows);
  console.log(SECOND_FACTOR_NOTICE);
});
