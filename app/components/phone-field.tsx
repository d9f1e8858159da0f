import { useState } from "react";
import { COUNTRIES, countryByIsoCode, DEFAULT_COUNTRY, type CountryIsoCode } from "~/lib/countries";
import { formatPhoneDigits } from "~/lib/phone";
import { FieldError } from "./ui/field";
import { useEntryMadeBeforeHydration } from "./use-resettable-state";

interface PhoneFieldProps {
  name: string;
  countryName: string;
  label: string;
  defaultCountry?: CountryIsoCode;
  defaultValue?: string;
  error?: string;
  onEdit?: () => void;
  /** The names of the two controls, for people who cannot see the layout. */
  numberLabel?: string;
  dialCodeLabel?: string;
  autoComplete?: string;
}

/**
 * A dial-code selector and a digits-only number, formatted as the person types (spec §5).
 * Changing the country swaps the dial code and keeps the digits. Without JavaScript both fields post as typed.
 */
export function PhoneField({
  name,
  countryName,
  label,
  defaultCountry,
  defaultValue,
  error,
  onEdit,
  numberLabel = "Numéro de téléphone mobile, sans l'indicatif",
  dialCodeLabel = "Indicatif du pays",
  autoComplete = "tel-national",
}: PhoneFieldProps) {
  const [isoCode, setIsoCode] = useState<CountryIsoCode>(defaultCountry ?? DEFAULT_COUNTRY.isoCode);
  const [value, setValue] = useState(() => formatPhoneDigits(isoCode, defaultValue ?? ""));
  const country = countryByIsoCode(isoCode) ?? DEFAULT_COUNTRY;
  const inputId = `champ-${name}`;
  const dialCodeId = `${inputId}-indicatif`;
  useEntryMadeBeforeHydration(dialCodeId, isoCode, (entry) => {
    const chosen = countryByIsoCode(entry)?.isoCode;
    if (chosen) setIsoCode(chosen);
  });
  useEntryMadeBeforeHydration(inputId, value, (entry) => {
    const chosen = countryByIsoCode((document.getElementById(dialCodeId) as HTMLSelectElement | null)?.value ?? "");
    setValue(formatPhoneDigits(chosen?.isoCode ?? isoCode, entry));
  });
  const errorId = `${inputId}-erreur`;

  return (
    <fieldset>
      <legend className="block text-sm font-semibold text-slate-800">{label}</legend>
      <div className="mt-1 flex gap-2">
        <label htmlFor={dialCodeId} className="sr-only">
          {dialCodeLabel}
        </label>
        <select
          id={dialCodeId}
          name={countryName}
          value={isoCode}
          onChange={(event) => {
            const next = event.target.value as CountryIsoCode;
            setIsoCode(next);
            setValue((current) => formatPhoneDigits(next, current));
            onEdit?.();
          }}
          className="rounded-md border border-slate-400 bg-white px-2 py-2.5 text-base"
        >
          {COUNTRIES.map((option) => (
            <option key={option.isoCode} value={option.isoCode}>
              {option.flag} {option.dialCode}
            </option>
          ))}
        </select>
        <div className="flex flex-1 items-center rounded-md border border-slate-400 bg-white focus-within:outline focus-within:outline-3 focus-within:outline-brand-600">
          <span aria-hidden="true" className="pl-3 text-slate-600">
            {country.dialCode}
          </span>
          <label htmlFor={inputId} className="sr-only">
            {numberLabel}
          </label>
          <input
            id={inputId}
            name={name}
            type="tel"
            inputMode="numeric"
            autoComplete={autoComplete}
            value={value}
            onChange={(event) => {
              setValue(formatPhoneDigits(isoCode, event.target.value));
              onEdit?.();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`w-full rounded-md border-0 bg-transparent px-2 py-2.5 text-base focus:outline-none ${
              error ? "text-red-800" : ""
            }`}
          />
        </div>
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
