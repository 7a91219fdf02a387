import { categories } from "#app/content/categories.ts";
import type { ListingCard } from "./types.ts";
import type { RequestServices } from "#app/context.ts";
import { databaseUnavailableReason } from "#app/lib/db/unavailable.server.ts";
import { keepOutOfPageCache } from "#app/lib/content-versions/page-cache.ts";
import { courseCatalogue, type CourseCatalogue } from "./catalogue.server.ts";
import type { CourseNumbers } from "./learner-numbers.server.ts";

/** The spec's reveal delays along a row of four cards: 0.1 s, 0.3 s, 0.5 s, 0.7 s, then again. */
const revealDelay = (position: number) => [0.1, 0.3, 0.5, 0.7][position % 4]!;

/**
 * A listing's cards as the course card shows them, the pictures at their addresses for the
 * browser, the students and ratings counted from learners (learner-numbers.server.ts).
 */
export function listingCards(
  catalogue: CourseCatalogue,
  category: string,
  fileAddress: (stored: string) => string,
  numbersOf: (slug: string) => CourseNumbers,
): ListingCard[] {
  return catalogue.listing(category).map((listing, position) => {
    const image = catalogue.course(listing.courseSlug)!.image;
    const numbers = numbersOf(listing.courseSlug);
    return {
      id: listing.id,
      time: revealDelay(position),
      img: { ...image, src: fileAddress(image.src) },
      readlink: listing.path,
      join: listing.path,
      price: listing.price,
      review: numbers.ratings,
      averageStars: numbers.averageStars,
      title: listing.title,
      teachername: listing.teacher,
      duration: listing.duration,
      totalstudent: numbers.students,
    };
  });
}

/**
 * How many courses each category of the home grid has: a category with a listing counts its
 * cards; one without (Online Marketing) shows the number the site was built with. While the
 * database cannot answer, every category shows the number the site was built with, and the page
 * (home, about) still opens; it is then not kept for other visitors.
 */
export async function categoryCounts(services: Pick<RequestServices, "db" | "http">): Promise<Record<string, number>> {
  let catalogue: CourseCatalogue | undefined;
  try {
    catalogue = await courseCatalogue(services.db);
  } catch (error) {
    if (!databaseUnavailableReason(error)) throw error;
    keepOutOfPageCache(services);
  }
  return Object.fromEntries(
    categories.map((category) => [category.id, catalogue && category.href ? catalogue.listing(category.id).length : category.count]),
  );
}
