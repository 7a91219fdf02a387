/**
 * The class that holds back a `reveal` or `reveal-later` animation by `seconds`, to the tenth:
 * a class, because the Content Security Policy refuses style attributes. app.css has one for
 * each delay from 0 to 3 s (reveal-delay.test.ts checks the site's delays against it).
 */
export const revealDelayClass = (seconds: number) => `reveal-delay-${Math.round(seconds * 10)}`;
