import { useRef, useState } from "react";
import { TextField } from "~/components/ui/field";
import { useEntryMadeBeforeHydration, useHydrated } from "~/components/use-resettable-state";
import { countryByValue, DEFAULT_COUNTRY, type CountryValue } from "~/lib/countries";
import type { FieldErrors } from "~/lib/form";
import { POSTAL_CODE_RULES } from "~/lib/postal-codes";
import type { Commune } from "~/modules/profile/profile.server";
import type { ProfileFormValues } from "~/modules/profile/profile.schema";
import { CountryField } from "../country-field";
import { AddressAutocomplete } from "./address-autocomplete";
import type { AddressParts } from "./google-places";

const DEPARTMENT_HINTS: Record<CountryValue, string | undefined> = {
  france: undefined,
  belgium: "Votre province, par exemple Hainaut.",
  switzerland: "Votre canton, par exemple Vaud.",
  luxembourg: "Votre canton, par exemple Esch-sur-Alzette.",
  canada: "Votre province ou territoire, par exemple Québec.",
};

const LOOKUP_DEBOUNCE_MS = 300;

interface ResidenceFieldsProps {
  defaults: Pick<ProfileFormValues, "address" | "postalCode" | "city" | "department">;
  country: CountryValue;
  onCountryChange(country: CountryValue): void;
  errors: FieldErrors;
  clear(...fields: string[]): void;
  googleMapsApiKey: string | null;
}

function sameName(a: string, b: string): boolean {
  return a.localeCompare(b.trim(), "fr", { sensitivity: "base" }) === 0;
}

/**
 * Country, address, postal code, city and department. In France a postal code proposes its communes and fills
 * city and department (our own index of the official list, no paid key); with a Google Maps key the address
 * field also offers Places suggestions. Without JavaScript every field is typed by hand.
 */
export function ResidenceFields({
  defaults,
  country,
  onCountryChange,
  errors,
  clear,
  googleMapsApiKey,
}: ResidenceFieldsProps) {
  const [address, setAddress] = useState(defaults.address);
  const [postalCode, setPostalCode] = useState(defaults.postalCode);
  const [city, setCity] = useState(defaults.city);
  const [department, setDepartment] = useState(defaults.department);
  const [communes, setCommunes] = useState<readonly Commune[] | null>(null);
  const [lookupStatus, setLookupStatus] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);
  const hydrated = useHydrated();
  const countryInfo = countryByValue(country) ?? DEFAULT_COUNTRY;
  const france = country === "france";
  useEntryMadeBeforeHydration("champ-country", country, (entry) => {
    const chosen = countryByValue(entry)?.value;
    if (chosen) onCountryChange(chosen);
  });
  useEntryMadeBeforeHydration("champ-address", address, setAddress);
  useEntryMadeBeforeHydration("champ-postalCode", postalCode, (entry) => onPostalCodeChange(entry));
  useEntryMadeBeforeHydration("champ-city", city, setCity);
  useEntryMadeBeforeHydration("champ-department", department, setDepartment);

  function fillFrom(commune: Commune) {
    setCity(commune.name);
    setDepartment(commune.departmentName);
    clear("city", "department");
  }

  function stopLookup() {
    clearTimeout(timer.current);
    pending.current?.abort();
    pending.current = null;
    setCommunes(null);
  }

  function showCommunes(code: string, found: readonly Commune[]) {
    if (found.length === 0) {
      setLookupStatus(`Aucune commune ne correspond au code postal ${code}\u202f: saisissez la ville et le département.`);
      return;
    }
    const first = found[0]!;
    const matching = found.find((commune) => sameName(commune.name, city));
    if (found.length === 1 || matching) {
      const commune = matching ?? first;
      fillFrom(commune);
      setLookupStatus(`Ville et département remplis\u202f: ${commune.name}, ${commune.departmentName}.`);
      return;
    }
    if (found.every((commune) => commune.departmentName === first.departmentName)) {
      setDepartment(first.departmentName);
      clear("department");
    }
    setCommunes(found);
    setLookupStatus(
      `${found.length} communes correspondent au code postal ${code}\u202f: choisissez la vôtre dans la liste.`,
    );
  }

  async function lookUp(code: string) {
    const controller = new AbortController();
    pending.current = controller;
    try {
      const response = await fetch(`/api/communes?postalCode=${code}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { communes: Commune[] };
      if (pending.current === controller) showCommunes(code, body.communes);
    } catch {
      if (controller.signal.aborted) return;
      setLookupStatus("La recherche des communes n'a pas abouti\u202f: saisissez la ville et le département.");
    } finally {
      if (pending.current === controller) pending.current = null;
    }
  }

  function onPostalCodeChange(value: string) {
    setPostalCode(value);
    stopLookup();
    const code = value.replace(/\s+/g, "");
    if (!france || !/^\d{5}$/.test(code)) {
      setLookupStatus("");
      return;
    }
    timer.current = setTimeout(() => void lookUp(code), LOOKUP_DEBOUNCE_MS);
  }

  function onPlace(parts: AddressParts) {
    stopLookup();
    setLookupStatus("");
    setAddress(parts.address);
    if (parts.postalCode) setPostalCode(parts.postalCode);
    if (parts.city) setCity(parts.city);
    if (parts.department) setDepartment(parts.department);
    clear("address", "postalCode", "city", "department");
  }

  const addressHint = "Numéro et nom de la rue, complément éventuel.";

  return (
    <>
      <CountryField
        name="country"
        value={country}
        autoComplete="country-name"
        onChange={(event) => {
          const next = countryByValue(event.target.value)?.value ?? DEFAULT_COUNTRY.value;
          onCountryChange(next);
          stopLookup();
          setLookupStatus("");
          clear("country", "nif", "postalCode");
        }}
        error={errors.country}
      />

      {googleMapsApiKey ? (
        <AddressAutocomplete
          enabled={hydrated}
          name="address"
          label="Adresse"
          hint={hydrated ? `${addressHint} Des adresses vous sont proposées pendant la saisie.` : addressHint}
          apiKey={googleMapsApiKey}
          countryIsoCode={countryInfo.isoCode}
          value={address}
          error={errors.address}
          onValueChange={setAddress}
          onPlace={onPlace}
        />
      ) : (
        <TextField
          name="address"
          label="Adresse"
          hint={addressHint}
          autoComplete="address-line1"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          error={errors.address}
        />
      )}

      <div>
        <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
          <TextField
            name="postalCode"
            label="Code postal"
            hint={POSTAL_CODE_RULES[country].hint}
            inputMode={country === "canada" ? "text" : "numeric"}
            autoComplete="postal-code"
            maxLength={10}
            value={postalCode}
            onChange={(event) => onPostalCodeChange(event.target.value)}
            error={errors.postalCode}
          />
          <TextField
            name="city"
            label="Ville"
            hint={france && hydrated ? "Remplie d'après le code postal\u202f; vous pouvez la corriger." : undefined}
            autoComplete="address-level2"
            value={city}
            onChange={(event) => setCity(event.target.value)}
            error={errors.city}
          />
        </div>
        <p role="status" className="mt-2 text-sm text-slate-700">
          {lookupStatus}
        </p>
      </div>

      {communes ? (
        <div
          role="group"
          aria-labelledby="communes-titre"
          className="rounded-md border border-slate-300 bg-slate-50 p-3"
        >
          <p id="communes-titre" className="text-sm font-semibold text-slate-800">
            Choisissez votre commune ({postalCode.trim()})
          </p>
          <ul className="mt-2 flex max-h-64 flex-wrap gap-2 overflow-y-auto">
            {communes.map((commune) => (
              <li key={`${commune.departmentCode}-${commune.name}`}>
                <button
                  type="button"
                  onClick={() => {
                    fillFrom(commune);
                    setCommunes(null);
                    setLookupStatus(`Ville et département remplis\u202f: ${commune.name}, ${commune.departmentName}.`);
                    document.getElementById("champ-city")?.focus();
                  }}
                  className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm text-slate-900 hover:border-brand-700 hover:bg-brand-50"
                >
                  {commune.name}
                  <span className="text-slate-700"> ({commune.departmentCode})</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <TextField
        name="department"
        label="Département"
        hint={DEPARTMENT_HINTS[country]}
        value={department}
        onChange={(event) => setDepartment(event.target.value)}
        error={errors.department}
      />
    </>
  );
}
