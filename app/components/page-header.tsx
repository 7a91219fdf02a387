import { Link } from "react-router";

/** The title band of every inner page, with the breadcrumb Home / Pages / title. */
export function PageHeader({ title }: { title: string }) {
  return (
    <div className="bg-gradient-to-r from-[#0b2545] to-brand-800 py-14 text-white">
      <div className="mx-auto max-w-6xl px-4 text-center">
        <h1 className="text-4xl font-bold md:text-5xl">{title}</h1>
        <nav aria-label="Breadcrumb" className="mt-4">
          <ol className="flex flex-wrap justify-center gap-2 text-white">
            <li>
              <Link to="/" className="underline-offset-4 hover:underline">
                Home
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <Link to="/pages" className="underline-offset-4 hover:underline">
                Pages
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="font-semibold">
              {title}
            </li>
          </ol>
        </nav>
      </div>
    </div>
  );
}
