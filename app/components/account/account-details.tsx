/** Who is signed in: shown here, changed elsewhere (the name in the profile form). */
export function AccountDetails({ firstName, lastName, email }: { firstName: string; lastName: string; email: string }) {
  return (
    <section aria-labelledby="titre-informations" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="titre-informations" className="text-xl font-bold text-slate-900">
        Mes informations
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-700">Nom</dt>
        <dd className="text-slate-900">{`${firstName} ${lastName}`.trim()}</dd>
        <dt className="font-semibold text-slate-700">Adresse e-mail</dt>
        <dd className="break-all text-slate-900">{email}</dd>
      </dl>
    </section>
  );
}
