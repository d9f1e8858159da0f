import { AccountSection } from "~/components/account/account-section";
/** Who is signed in: shown here, changed elsewhere (the name in the profile form). */
export function AccountDetails({ firstName, lastName, email }: { firstName: string; lastName: string; email: string }) {
  return (
    <AccountSection id="titre-informations" title="Mes informations">
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-700">Nom</dt>
        <dd className="text-slate-900">{`${firstName} ${lastName}`.trim()}</dd>
        <dt className="font-semibold text-slate-700">Adresse e-mail</dt>
        <dd className="break-all text-slate-900">{email}</dd>
      </dl>
    </AccountSection>
  );
}
