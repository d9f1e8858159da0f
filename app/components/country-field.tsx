import type { SelectHTMLAttributes } from "react";
import { SelectField } from "~/components/ui/field";
import { countryScopeHint } from "~/content/site";
import { COUNTRIES } from "~/lib/countries";

/** "Pays de résidence": the five countries Recours serves, each posted as the value the profile stores. */
export function CountryField({ name, error, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { name: string; error?: string }) {
  return (
    <SelectField name={name} label="Pays de résidence" hint={countryScopeHint} error={error} {...select}>
      {COUNTRIES.map((country) => (
        <option key={country.value} value={country.value}>
          {country.flag} {country.label}
        </option>
      ))}
    </SelectField>
  );
}
