// The pieces of the three games, drawn as SVG (viewBox 0 0 100 100), and the key that names them.
// Every drawing is made of a body (`B`), an outline (`O`) and detail lines (`D`): White is a light
// body with dark lines, Black a dark body with light lines, so that the two sides stay apart on
// either colour of square.

const COLORS = {
  white: { body: "#fbf7ea", outline: "#1b1b1b", detail: "#1b1b1b" },
  black: { body: "#262626", outline: "#000000", detail: "#f2ede0" },
};

// A template uses B, O and D for the three colours.
function paint(template, color) {
  const c = COLORS[color] || COLORS.white;
  return template.replaceAll("B", c.body).replaceAll("O", c.outline).replaceAll("D", c.detail);
}

const base = `<path d="M24 88 h52 a4 4 0 0 0 4 -4 v-4 a4 4 0 0 0 -4 -4 h-52 a4 4 0 0 0 -4 4 v4 a4 4 0 0 0 4 4z" fill="B" stroke="O" stroke-width="3"/>`;

const DRAWINGS = {
  // A crown with a cross: the royal piece (Courier's king, Schachdame's king).
  king: `
    <path d="M26 76 L20 40 L36 54 L50 30 L64 54 L80 40 L74 76 Z" fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <path d="M50 8 v16 M43 15 h14" stroke="O" stroke-width="5" stroke-linecap="round"/>
    <path d="M50 8 v16 M43 15 h14" stroke="D" stroke-width="2" stroke-linecap="round"/>
    <circle cx="20" cy="38" r="4" fill="B" stroke="O" stroke-width="2.5"/>
    <circle cx="80" cy="38" r="4" fill="B" stroke="O" stroke-width="2.5"/>
    <path d="M30 66 h40" stroke="D" stroke-width="3"/>
    ${base}`,
  // A tower with battlements.
  rook: `
    <path d="M28 76 L32 42 H68 L72 76 Z" fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <path d="M24 42 V20 H34 V28 H44 V20 H56 V28 H66 V20 H76 V42 Z" fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <path d="M34 50 h32 M33 66 h34" stroke="D" stroke-width="3"/>
    ${base}`,
  // A horse's head.
  knight: `
    <path d="M30 76 C30 60 40 54 44 46 C36 50 28 52 22 48 C18 44 22 38 28 34 L44 20 L46 10 L54 18 C70 22 78 40 76 76 Z"
      fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="46" cy="30" r="3.5" fill="D"/>
    <path d="M64 34 C68 46 70 58 68 70" stroke="D" stroke-width="3" fill="none" stroke-linecap="round"/>
    ${base}`,
  // The courier (the modern bishop's move): a messenger's hat, a mitre with a feather.
  courier: `
    <path d="M34 76 C26 60 32 40 50 22 C68 40 74 60 66 76 Z" fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="50" cy="17" r="5" fill="B" stroke="O" stroke-width="3"/>
    <path d="M44 40 L58 56" stroke="D" stroke-width="4" stroke-linecap="round"/>
    <path d="M64 30 C78 20 86 26 88 14 C76 16 70 14 62 26" fill="B" stroke="O" stroke-width="2.5" stroke-linejoin="round"/>
    <path d="M38 68 h24" stroke="D" stroke-width="3"/>
    ${base}`,
  // The alfil: an elephant's head, trunk and tusk.
  alfil: `
    <path d="M26 76 C26 64 32 60 40 58 C30 50 30 30 46 24 C60 18 76 28 74 44 C74 50 72 54 70 58 C78 62 82 70 80 76 Z"
      fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <path d="M44 30 C24 22 12 46 20 62 C26 68 36 64 40 56 C42 46 42 38 44 30 Z" fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <path d="M58 58 L76 50" stroke="D" stroke-width="4" stroke-linecap="round"/>
    <path d="M70 60 C74 66 74 70 72 76" stroke="D" stroke-width="2.5" fill="none"/>
    <circle cx="58" cy="38" r="3.5" fill="D"/>
    ${base}`,
  // The fers (the old queen): a small coronet of five balls.
  fers: `
    <path d="M30 76 L24 44 L38 58 L44 36 L50 56 L56 36 L62 58 L76 44 L70 76 Z" fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="24" cy="40" r="5" fill="B" stroke="O" stroke-width="2.5"/>
    <circle cx="44" cy="32" r="5" fill="B" stroke="O" stroke-width="2.5"/>
    <circle cx="56" cy="32" r="5" fill="B" stroke="O" stroke-width="2.5"/>
    <circle cx="76" cy="40" r="5" fill="B" stroke="O" stroke-width="2.5"/>
    <circle cx="50" cy="24" r="3.5" fill="D"/>
    <path d="M32 68 h36" stroke="D" stroke-width="3"/>
    ${base}`,
  // The mann (the sage): a bearded head on shoulders.
  mann: `
    <path d="M22 76 C22 58 34 52 50 52 C66 52 78 58 78 76 Z" fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="50" cy="32" r="16" fill="B" stroke="O" stroke-width="3"/>
    <path d="M38 38 C40 54 60 54 62 38 C58 44 42 44 38 38 Z" fill="D"/>
    <path d="M36 22 C42 14 58 14 64 22" stroke="D" stroke-width="3" fill="none"/>
    ${base}`,
  // The schleich (the jester): a cap with three bells.
  schleich: `
    <path d="M30 76 C30 62 36 54 50 52 C64 54 70 62 70 76 Z" fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <path d="M32 54 C22 40 14 34 10 24 C24 26 34 36 40 46 C40 32 44 20 50 10 C56 20 60 32 60 46 C66 36 76 26 90 24 C86 34 78 40 68 54 Z"
      fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="10" cy="24" r="5" fill="D" stroke="O" stroke-width="2"/>
    <circle cx="50" cy="10" r="5" fill="D" stroke="O" stroke-width="2"/>
    <circle cx="90" cy="24" r="5" fill="D" stroke="O" stroke-width="2"/>
    <path d="M38 66 l6 -6 l6 6 l6 -6 l6 6" stroke="D" stroke-width="3" fill="none"/>
    ${base}`,
  // A pawn.
  pawn: `
    <path d="M32 76 C32 64 40 58 44 52 C38 50 36 46 38 42 L62 42 C64 46 62 50 56 52 C60 58 68 64 68 76 Z" fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="50" cy="30" r="13" fill="B" stroke="O" stroke-width="3"/>
    ${base}`,
  // The Schachdame bishop: a mitre with its slit.
  bishop: `
    <path d="M34 76 C24 60 30 38 50 18 C70 38 76 60 66 76 Z" fill="B" stroke="O" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="50" cy="13" r="5" fill="B" stroke="O" stroke-width="3"/>
    <path d="M44 36 L60 52" stroke="D" stroke-width="4" stroke-linecap="round"/>
    <path d="M36 66 h28" stroke="D" stroke-width="3"/>
    ${base}`,
};

// Checkers pieces: a disc seen from above; the king carries a crown.
const DISC = `
  <circle cx="50" cy="50" r="40" fill="B" stroke="O" stroke-width="3.5"/>
  <circle cx="50" cy="50" r="31" fill="none" stroke="D" stroke-width="2.5"/>
  <circle cx="50" cy="50" r="22" fill="none" stroke="D" stroke-width="1.5" opacity="0.7"/>`;
const CHECKERS = {
  man: DISC,
  king: `
    <circle cx="50" cy="50" r="40" fill="B" stroke="O" stroke-width="3.5"/>
    <circle cx="50" cy="50" r="33" fill="none" stroke="D" stroke-width="2"/>
    <path d="M30 64 L26 36 L38 48 L50 28 L62 48 L74 36 L70 64 Z" fill="#d9a521" stroke="D" stroke-width="2.5" stroke-linejoin="round"/>
    <path d="M30 64 h40" stroke="D" stroke-width="3"/>`,
};

/** The SVG markup of one piece. */
export function pieceSvg(variant, kind, color) {
  const template = variant === "dual" ? CHECKERS[kind] : DRAWINGS[kind];
  const body = template ? paint(template, color) : `<text x="50" y="62" font-size="40" text-anchor="middle">${kind}</text>`;
  return `<svg class="piece-svg" viewBox="0 0 100 100" aria-hidden="true">${body}</svg>`;
}

/** The pieces of each game, in the order of the key, with how they move (docs/rules.md). */
export const KEY = {
  courier: [
    ["king", "King", "K", "one step any way; royal"],
    ["rook", "Rook", "R", "any distance straight"],
    ["knight", "Knight", "N", "leaps as in chess"],
    ["courier", "Courier", "B", "any distance diagonally"],
    ["alfil", "Alfil", "E", "jumps two squares diagonally"],
    ["fers", "Fers", "F", "one step diagonally"],
    ["mann", "Mann", "M", "one step any way, not royal"],
    ["schleich", "Schleich", "W", "one step straight"],
    ["pawn", "Pawn", "P", "one step forward; promotes to fers"],
  ],
  schachdame: [
    ["king", "King (Dame)", "K", "one step diagonally; royal"],
    ["bishop", "Bishop (Ritter)", "B", "any distance diagonally"],
    ["pawn", "Pawn", "P", "one step diagonally forward; promotes to bishop"],
  ],
  dual: [
    ["man", "Man", "M", "steps diagonally forward; jumps diagonally or takes an orthogonal neighbour"],
    ["king", "King", "K", "flies diagonally; jumps diagonally or takes along a line at an odd distance"],
  ],
};
