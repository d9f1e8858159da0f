import { expect, type Locator, type Page } from "@playwright/test";

/** Spec §5: the eleven required messages of the profile form (residents of France). */
export const PROFILE_REQUIRED_MESSAGES = {
  firstName: "Le prénom est requis",
  lastName: "Le nom est requis",
  birthDate: "La date de naissance est requise",
  nif: "Le NIF est requis",
  phoneMobile: "Le téléphone mobile est requis",
  address: "L'adresse est requise",
  city: "La ville est requise",
  postalCode: "Le code postal est requis",
  department: "Le département est requis",
  acceptPrivacy: "Vous devez accepter la politique de confidentialité",
  acceptTerms: "Vous devez accepter les conditions générales",
} as const;

export const NIF_MESSAGE = "Le NIF doit être un numéro à 13 chiffres commençant par 0, 1, 2 ou 3.";

export function profileForm(page: Page) {
  return {
    firstName: page.getByLabel("Prénom"),
    lastName: page.getByLabel("Nom", { exact: true }),
    birthDate: page.getByLabel("Date de naissance", { exact: true }),
    calendarButton: page.getByRole("button", { name: "Calendrier", exact: true }),
    calendar: page.getByLabel("Choisir la date dans le calendrier"),
    mobile: page.getByLabel("Numéro de téléphone mobile, sans l'indicatif"),
    mobileDialCode: page.getByLabel("Indicatif du téléphone mobile"),
    landline: page.getByLabel("Numéro de téléphone fixe, sans l'indicatif"),
    country: page.getByLabel("Pays de résidence"),
    address: page.getByLabel("Adresse", { exact: true }),
    postalCode: page.getByLabel("Code postal"),
    city: page.getByLabel("Ville"),
    department: page.getByLabel("Département"),
    nif: page.getByLabel(/^NIF/),
    privacy: page.getByRole("checkbox", { name: /politique de confidentialité/ }),
    terms: page.getByRole("checkbox", { name: /conditions générales/ }),
    submit: page.getByRole("button", { name: "Enregistrer mon profil" }),
  };
}

/** The error shown for a field: the element its aria-describedby names. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Fills every field with valid values for a resident of France (the postal code alone, not the lookup). */
export async function fillValidProfile(
  page: Page,
  overrides: { postalCode?: string; city?: string; department?: string } = {},
) {
  const form = profileForm(page);
  await form.birthDate.fill("14-07-1985");
  await form.nif.fill("0123456789012");
  await form.address.fill("12 rue de la Paix");
  await form.postalCode.fill(overrides.postalCode ?? "75002");
  await form.city.fill(overrides.city ?? "Paris");
  await form.department.fill(overrides.department ?? "Paris");
  await form.privacy.check();
  await form.terms.check();
}

/** A field's own error message (the error summary at the top of the form repeats it as a link). */
export function fieldMessage(page: Page, message: string): Locator {
  return page.getByText(message, { exact: true }).and(page.locator('[id$="-erreur"]'));
}
