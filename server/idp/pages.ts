/**
 * The few pages the provider itself renders (sign-out confirmation, errors),
 * in the site's colours, with no third-party fonts or scripts.
 */
export function providerPage({ title, body, nonce }: { title: string; body: string; nonce: string }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | eLEARNING</title>
<style nonce="${nonce}">
  body { font-family: system-ui, sans-serif; color: #181d38; margin: 0; }
  header { background: #155e75; color: #fff; padding: 1rem; font-weight: 800; font-size: 1.5rem; }
  main { max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
  .button { display: inline-block; background: #0e6a82; color: #fff; border: 0; border-radius: 0.375rem;
    padding: 0.6rem 1.2rem; font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; }
  a { color: #155e75; }
</style>
</head>
<body>
<header>eLEARNING</header>
<main><h1>${title}</h1>${body}</main>
</body>
</html>`;
}
