/** "45 secondes", "12 minutes", "2 heures et 5 minutes": how long to wait before trying again, rounded up. */
export function retryDelayLabel(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} seconde${whole > 1 ? "s" : ""}`;
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return `${minutes} minute${minutes > 1 ? "s" : ""}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = `${hours} heure${hours > 1 ? "s" : ""}`;
  return rest === 0 ? hourText : `${hourText} et ${rest} minute${rest > 1 ? "s" : ""}`;
}

/** The service refused a post for a few seconds (503): when to try again, and that nothing typed is lost (decision 91). */
export function serviceBusyMessage(seconds: number): string {
  return `Le service est très sollicité en ce moment. Réessayez dans ${retryDelayLabel(seconds)}\u202f: vos informations sont conservées.`;
}

/** A Retry-After header in seconds (the date form is not used by this server), or null. */
export function retryAfterSecondsOf(header: string | null | undefined): number | null {
  if (!header || !/^\d{1,6}$/.test(header.trim())) return null;
  return Number(header.trim());
}
