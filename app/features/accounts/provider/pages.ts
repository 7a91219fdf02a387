/**
 * The few pages the provider itself renders (sign-out confirmation, errors),
 * in the site's colours (public/provider-pages.css: the Content Security Policy
 * takes no inline styles), with no third-party fonts or scripts.
 */
export function providerPage({ title, body }: { title: string; body: string }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | eLEARNING</title>
<link rel="stylesheet" href="/provider-pages.css">
</head>
<body>
<header>eLEARNING</header>
<main><h1>${title}</h1>${body}</main>
</body>
</html>`;
}
