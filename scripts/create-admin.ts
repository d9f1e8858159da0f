// npm run create-admin -- --email admin@example.fr [--first-name Prénom] [--last-name Nom]
import { z } from "zod";
import { createAccount } from "../app/modules/accounts/accounts.server";
import { argument, generatePassword, SECOND_FACTOR_NOTICE, withRuntime } from "./cli";

const email = z.email().safeParse(argument("email")?.trim().toLowerCase());
if (!email.success) {
  console.error("Usage : npm run create-admin -- --email admin@exemple.fr [--first-name Prénom] [--last-name Nom]");
  process.exit(2);
}

await withRuntime(async () => {
  const password = generatePassword();
  const created = await createAccount({
    email: email.data,
    password,
    firstName: argument("first-name") ?? "Administrateur",
    lastName: argument("last-name") ?? "Recours",
    phoneMobile: null,
    country: "france",
    role: "admin",
    emailVerified: true,
  });
  if (!created.ok) throw new Error(`Un compte existe déjà avec l'email ${email.data}.`);
  console.log(`Administrateur créé : ${email.data}`);
  console.log(`Mot de passe (affiché une seule fois, changez-le après la première connexion) : ${password}`);
  console.log(SECOND_FACTOR_NOTICE);
});
