/** What the person reads when an upload is refused (shared with the browser for instant checks). */
export const uploadMessages = {
  tooLarge: "Le fichier est trop volumineux (max 30MB).",
  wrongType: "Type de fichier non autorisé. Utilisez JPG, JPEG, PNG, HEIC ou PDF.",
  empty: "Le fichier est vide. Choisissez un autre fichier.",
  truncated: "Le fichier est incomplet ou endommagé. Envoyez-le à nouveau.",
  unreadableImage: "Cette image est illisible ou endommagée. Reprenez la photo.",
  tooSmall:
    "La photo est trop petite pour être lue (moins de 600 pixels sur son petit côté). Reprenez-la de plus près, en pleine résolution.",
  tooManyPixels: "Cette image est trop grande pour être traitée (plus de 100 millions de pixels). Envoyez une photo de taille normale.",
  encryptedPdf: "Ce PDF est protégé par un mot de passe. Envoyez une version sans mot de passe.",
  unreadablePdf: "Ce PDF est illisible ou endommagé. Envoyez-le à nouveau ou envoyez une photo du document.",
  tooManyPages: "Ce PDF a trop de pages (100 au plus). Envoyez seulement les pages utiles.",
  tooManyFiles: "Trop de fichiers envoyés en une fois.",
  noFile: "Aucun fichier reçu. Choisissez un fichier.",
  badRequest: "L'envoi n'a pas pu être lu. Réessayez.",
  interrupted: "L'envoi a été interrompu. Réessayez.",
  storageDown: "L'enregistrement des fichiers est momentanément indisponible. Réessayez dans quelques minutes.",
  uncheckable: "Ce fichier n'a pas pu être vérifié. Envoyez une photo ou un PDF plus simple.",
  inspectionBusy: "Beaucoup de fichiers sont en cours de vérification. Réessayez dans quelques minutes.",
  accountDeleted: "Votre compte a été supprimé\u202f: ce fichier n'a pas été enregistré.",
  tooManyUploads: "Vous avez envoyé beaucoup de fichiers en peu de temps. Réessayez dans une heure.",
  dailyQuota: "Vous avez envoyé beaucoup de fichiers aujourd'hui. Réessayez demain.",
  scopeQuota: "La place réservée à vos fichiers ici est pleine\u202f: ce fichier n'a pas été enregistré.",
  blurry: "La photo semble floue\u202f: le texte risque d'être illisible. Reprenez-la, ou confirmez qu'elle est lisible.",
} as const;

export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;
/** What the file inputs offer; the server decides from the bytes anyway. */
export const ACCEPTED_UPLOAD_TYPES = "image/jpeg,image/png,image/heic,image/heif,application/pdf,.jpg,.jpeg,.png,.heic,.heif,.pdf";
