import { ValidateBy, ValidationOptions } from 'class-validator';

/**
 * Characters a person cannot see that change what a text shows: the bidirectional controls
 * (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, U+200E/U+200F/U+061C marks),
 * which can make "Acme‮gnp.exe" read backwards, and the invisible ones (zero-width space,
 * word joiner and the invisible operators, byte-order mark, Mongolian vowel separator), which
 * make two names that look the same differ.
 */
const INVISIBLE = /[\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
/** C0 and C1 control characters (a line break or tab only where the text is multi-line). */
// eslint-disable-next-line no-control-regex -- control characters are what these look for
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/**
 * The zero-width non-joiner and joiner (U+200C, U+200D) are part of how Persian, the Indic
 * scripts and emoji sequences (👩‍💻) are written: allowed between two such characters, refused
 * elsewhere (at an edge, next to a space, or inside Latin, Greek or Cyrillic words, where they
 * only hide a difference).
 */
const JOINER_CONTEXT = '[\\p{L}\\p{M}\\p{Extended_Pictographic}\\u{FE0F}\\u{1F3FB}-\\u{1F3FF}]';
const NO_JOINER_SCRIPT = '[\\p{Script=Latin}\\p{Script=Greek}\\p{Script=Cyrillic}]';
const STRAY_JOINER = new RegExp(
  // eslint-disable-next-line no-misleading-character-class -- the modifiers and VS16 are listed alone on purpose
  `(?<!${JOINER_CONTEXT})[\\u200C\\u200D]|(?<=${NO_JOINER_SCRIPT})[\\u200C\\u200D]|[\\u200C\\u200D](?!${JOINER_CONTEXT})|[\\u200C\\u200D](?=${NO_JOINER_SCRIPT})`,
  'u',
);

/** The first character of `text` a displayed text must not hold, or null. */
export function hiddenCharacter(text: string, multiline = false): string | null {
  const m = INVISIBLE.exec(text) ?? (multiline ? CONTROL_BUT_LINES : CONTROL).exec(text) ?? STRAY_JOINER.exec(text);
  return m ? m[0] : null;
}

const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A text a person reads (a customer's or a product's name, a company's display name, a line's
 * description): refuses invisible characters and bidirectional controls (see hiddenCharacter),
 * a 400 naming the field and the character. `multiline` allows line breaks and tabs.
 * Non-strings are left to IsString.
 */
export function IsDisplayText(options: { multiline?: boolean } = {}, validation?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDisplayText',
      validator: {
        validate: (v: unknown) => typeof v !== 'string' || hiddenCharacter(v, options.multiline) === null,
        defaultMessage: (args) => {
          const ch = typeof args?.value === 'string' ? hiddenCharacter(args.value, options.multiline) : null;
          return `must not contain invisible or text-direction control characters${ch ? ` (found ${codePoint(ch)})` : ''}`;
        },
      },
    },
    validation,
  );
}
