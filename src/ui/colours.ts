/** A soft hue per region, spread by the golden angle so neighbouring ids rarely look alike. */
export const hueOf = (region: number): number => Math.round((region * 137.508) % 360);
