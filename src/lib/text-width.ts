/**
 * A figure's width in em at a bold or semibold weight, a little over what the widest of the
 * product's system fonts draws (DejaVu Sans, semibold: digits and ₦ 0.70 em, "," and "." 0.38,
 * "/" and letters up to "m"'s 1.0). Used to size a figure that must stay on one line to the box
 * it is in (CSS cannot measure text): "₦250,000.00/mo" counted at 0.62 a character broke before
 * its "mo".
 */
export function textEm(text: string): number {
  let em = 0;
  for (const character of text) em += /[,.:;' ]/.test(character) ? 0.4 : /[mwMW%]/.test(character) ? 1 : 0.7;
  return em;
}
