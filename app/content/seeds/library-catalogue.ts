/**
 * The college catalogue's built-in books: the seed applied at start-up (features/library/seed.server.ts).
 *
 * How entries were chosen: real books for the college's subjects that anyone may read free of charge,
 * of two kinds:
 * - works on Project Gutenberg, each checked against Gutenberg's own catalogue (pg_catalog.csv) for its
 *   ebook number, title and authors; both links go to the ebook's page, which offers every format;
 * - textbooks their authors or publishers give away, linked at the official site (author's, publisher's
 *   or the university's own page).
 * Every fact here must be checkable at the linked page. When unsure of a fact, leave it out: no ISBNs,
 * no page counts, a published year only where it is well known (the first edition's year). Subjects come
 * from `catalogueSubjects` below so the subject filter lists a short, tidy vocabulary.
 * How to add a book: docs/library-catalogue.md.
 */
import type { CatalogueRecordInput } from "#app/features/library/catalogue-record.ts";

/** The subject headings the seed uses; a book may carry several. */
export const catalogueSubjects = [
  "Algebra",
  "Algorithms",
  "Calculus",
  "Computer networks",
  "Computing history",
  "Data structures",
  "Databases",
  "Discrete mathematics",
  "Java",
  "JavaScript",
  "Linear algebra",
  "Logic",
  "Mathematics",
  "Operating systems",
  "Probability",
  "Programming",
  "Statistics",
  "Web development",
] as const;

type Subject = (typeof catalogueSubjects)[number];

interface SeedBook {
  title: string;
  subtitle?: string;
  authors: string[];
  subjects: Subject[];
  publishedYear?: number;
  publisher?: string;
  description?: string;
}

/** The one Gutenberg address that is certain for every ebook: its page, which lists every download. */
export function gutenbergUrl(ebookNumber: number): string {
  return `https://www.gutenberg.org/ebooks/${ebookNumber}`;
}

function gutenberg(ebookNumber: number, book: SeedBook): CatalogueRecordInput {
  const url = gutenbergUrl(ebookNumber);
  return { source: "seed", sourceId: `gutenberg-${ebookNumber}`, language: "en", ...book, infoUrl: url, downloadUrl: url };
}

/** A book its authors or publisher give away: `url` is the official page where it is read or downloaded. */
function openBook(sourceId: string, url: string, book: SeedBook & { downloadUrl?: string }): CatalogueRecordInput {
  return { source: "seed", sourceId, language: "en", downloadUrl: url, ...book, infoUrl: url };
}

const gutenbergBooks: CatalogueRecordInput[] = [
  gutenberg(33283, {
    title: "Calculus Made Easy",
    subtitle:
      "Being a very-simplest introduction to those beautiful methods which are generally called by the terrifying names of the Differential Calculus and the Integral Calculus",
    authors: ["Silvanus P. Thompson"],
    subjects: ["Calculus", "Mathematics"],
    publishedYear: 1910,
    description: "A friendly first course in differentiation and integration; Project Gutenberg's text is the second edition.",
  }),
  gutenberg(38769, {
    title: "A Course of Pure Mathematics",
    subtitle: "Third Edition",
    authors: ["G. H. Hardy"],
    subjects: ["Calculus", "Mathematics"],
    description: "Hardy's classic introduction to analysis: real numbers, limits, series, derivatives and integrals.",
  }),
  gutenberg(13309, {
    title: "A First Book in Algebra",
    authors: ["Wallace C. Boyden"],
    subjects: ["Algebra", "Mathematics"],
    description: "An elementary algebra textbook for schools.",
  }),
  gutenberg(21016, {
    title: "Essays on the Theory of Numbers",
    authors: ["Richard Dedekind"],
    subjects: ["Mathematics"],
    description:
      "Dedekind's essays on continuity and irrational numbers and on the nature and meaning of numbers, translated by Wooster Woodruff Beman.",
  }),
  gutenberg(17384, {
    title: "The Foundations of Geometry",
    authors: ["David Hilbert"],
    subjects: ["Mathematics"],
    description: "Hilbert's axioms for Euclidean geometry, translated by E. J. Townsend.",
  }),
  gutenberg(201, {
    title: "Flatland",
    subtitle: "A Romance of Many Dimensions",
    authors: ["Edwin A. Abbott"],
    subjects: ["Mathematics"],
    publishedYear: 1884,
    description: "A story told by a square living in a two-dimensional world, about seeing beyond one's own dimensions.",
  }),
  gutenberg(26839, {
    title: "Mathematical Recreations and Essays",
    authors: ["W. W. Rouse Ball"],
    subjects: ["Mathematics"],
    description: "Mathematical puzzles, games and problems, with essays on topics such as ciphers and magic squares.",
  }),
  gutenberg(31246, {
    title: "A Short Account of the History of Mathematics",
    authors: ["W. W. Rouse Ball"],
    subjects: ["Mathematics"],
    description: "The history of mathematics from the Greeks to the nineteenth century.",
  }),
  gutenberg(32625, {
    title: "A Treatise on Probability",
    authors: ["John Maynard Keynes"],
    subjects: ["Probability", "Logic", "Mathematics"],
    publishedYear: 1921,
    description: "Keynes's account of probability as a logical relation between propositions.",
  }),
  gutenberg(15114, {
    title: "An Investigation of the Laws of Thought",
    subtitle: "On which are founded the mathematical theories of logic and probabilities",
    authors: ["George Boole"],
    subjects: ["Logic", "Probability", "Mathematics"],
    publishedYear: 1854,
    description: "The book in which Boole set out the algebra of logic that digital circuits and programs use today.",
  }),
  gutenberg(36884, {
    title: "The Mathematical Analysis of Logic",
    subtitle: "Being an Essay Towards a Calculus of Deductive Reasoning",
    authors: ["George Boole"],
    subjects: ["Logic", "Mathematics"],
    publishedYear: 1847,
    description: "Boole's first treatment of logic as algebra.",
  }),
  gutenberg(4763, {
    title: "The Game of Logic",
    authors: ["Lewis Carroll"],
    subjects: ["Logic"],
    description: "Syllogisms taught as a board game, with Carroll's own puzzles.",
  }),
  gutenberg(28696, {
    title: "Symbolic Logic",
    authors: ["Lewis Carroll"],
    subjects: ["Logic"],
    description: "Carroll's textbook of symbolic logic, with diagrams and many exercises.",
  }),
  gutenberg(101, {
    title: "The Hacker Crackdown",
    subtitle: "Law and Disorder on the Electronic Frontier",
    authors: ["Bruce Sterling"],
    subjects: ["Computing history"],
    publishedYear: 1992,
    description: "The 1990 crackdown on computer hackers in the United States, and the early days of online life.",
  }),
  gutenberg(34, {
    title: "Zen and the Art of the Internet",
    authors: ["Brendan P. Kehoe"],
    subjects: ["Computer networks", "Computing history"],
    publishedYear: 1992,
    description: "An early beginner's guide to the Internet: e-mail, FTP, Usenet and telnet.",
  }),
  gutenberg(39, {
    title: "Hitchhiker's Guide to the Internet",
    authors: ["Ed Krol"],
    subjects: ["Computer networks", "Computing history"],
    description: "A short early introduction to how the Internet works and what it offers.",
  }),
  gutenberg(118, {
    title: "Big Dummy's Guide to the Internet",
    authors: ["Electronic Frontier Foundation"],
    subjects: ["Computer networks", "Computing history"],
    description: "The Electronic Frontier Foundation's early guide to using the Internet.",
  }),
  gutenberg(38, {
    title: "The Jargon File",
    subtitle: "Version 2.9.10, 01 Jul 1992",
    authors: ["Eric S. Raymond", "Guy L. Steele"],
    subjects: ["Computing history"],
    description: "The hackers' dictionary of computer slang, edited by Eric S. Raymond and Guy L. Steele.",
  }),
];

const openBooks: CatalogueRecordInput[] = [
  // JavaScript and the web
  openBook("eloquent-javascript", "https://eloquentjavascript.net/", {
    title: "Eloquent JavaScript",
    subtitle: "A Modern Introduction to Programming",
    authors: ["Marijn Haverbeke"],
    subjects: ["JavaScript", "Programming", "Web development"],
    description: "Programming taught through JavaScript, from values and functions to the browser and Node.js. Free to read online.",
  }),
  openBook("modern-javascript-tutorial", "https://javascript.info/", {
    title: "The Modern JavaScript Tutorial",
    authors: ["Ilya Kantor"],
    subjects: ["JavaScript", "Web development"],
    description: "The JavaScript language and the browser's document interface, chapter by chapter, with tasks. Free to read online.",
  }),
  openBook("you-dont-know-js-yet", "https://github.com/getify/You-Dont-Know-JS", {
    title: "You Don't Know JS Yet",
    authors: ["Kyle Simpson"],
    subjects: ["JavaScript", "Programming"],
    description: "A book series on how JavaScript really works: scope, closures, objects and types. Free to read on GitHub.",
  }),
  openBook("sicp-javascript", "https://sourceacademy.org/sicpjs/", {
    title: "Structure and Interpretation of Computer Programs",
    subtitle: "JavaScript Edition",
    authors: ["Harold Abelson", "Gerald Jay Sussman", "Martin Henz", "Tobias Wrigstad"],
    subjects: ["JavaScript", "Programming"],
    description: "The classic computer science text adapted to JavaScript. Free to read online at Source Academy.",
  }),
  openBook("http2-explained", "https://http2-explained.haxx.se/", {
    title: "http2 explained",
    authors: ["Daniel Stenberg"],
    subjects: ["Web development", "Computer networks"],
    description: "What HTTP/2 changes and why, by the author of curl. Free to read online.",
  }),
  openBook("http3-explained", "https://http3-explained.haxx.se/", {
    title: "HTTP/3 explained",
    authors: ["Daniel Stenberg"],
    subjects: ["Web development", "Computer networks"],
    description: "HTTP/3 and QUIC explained, by the author of curl. Free to read online.",
  }),
  // Java, data structures and algorithms
  openBook("javanotes", "https://math.hws.edu/javanotes/", {
    title: "Introduction to Programming Using Java",
    authors: ["David J. Eck"],
    subjects: ["Java", "Programming"],
    description: "A complete first course in programming with Java, including GUI programming. Free to read online or download.",
  }),
  openBook("think-java", "https://greenteapress.com/wp/think-java-2e/", {
    title: "Think Java",
    subtitle: "How to Think Like a Computer Scientist",
    authors: ["Allen B. Downey", "Chris Mayfield"],
    subjects: ["Java", "Programming"],
    description: "An introduction to computer science and programming in Java for beginners. Free to download from Green Tea Press.",
  }),
  openBook("think-data-structures", "https://greenteapress.com/wp/think-data-structures/", {
    title: "Think Data Structures",
    subtitle: "Algorithms and Information Retrieval in Java",
    authors: ["Allen B. Downey"],
    subjects: ["Java", "Data structures", "Algorithms"],
    description: "Data structures in Java, learnt by building the parts of a small search engine. Free to download from Green Tea Press.",
  }),
  openBook("open-data-structures", "https://opendatastructures.org/", {
    title: "Open Data Structures",
    subtitle: "An Introduction",
    authors: ["Pat Morin"],
    subjects: ["Data structures", "Algorithms", "Java"],
    description:
      "Lists, hash tables, trees, heaps and graphs with their analysis; editions in Java, C++ and pseudocode. Free to read online.",
  }),
  openBook("erickson-algorithms", "https://jeffe.cs.illinois.edu/teaching/algorithms/", {
    title: "Algorithms",
    authors: ["Jeff Erickson"],
    subjects: ["Algorithms", "Data structures"],
    description:
      "Recursion, dynamic programming, graph algorithms and NP-hardness, from the author's University of Illinois course. Free to download.",
  }),
  openBook("crafting-interpreters", "https://craftinginterpreters.com/", {
    title: "Crafting Interpreters",
    authors: ["Robert Nystrom"],
    subjects: ["Programming", "Java", "Data structures"],
    description: "Two complete interpreters for a small language, the first written in Java. Free to read online.",
  }),
  // Programming in general
  openBook("sicp", "https://mitpress.mit.edu/sites/default/files/sicp/index.html", {
    title: "Structure and Interpretation of Computer Programs",
    subtitle: "Second Edition",
    authors: ["Harold Abelson", "Gerald Jay Sussman", "Julie Sussman"],
    subjects: ["Programming"],
    publisher: "MIT Press",
    description: "The classic MIT introduction to computer science in Scheme. Free to read on the MIT Press site.",
  }),
  openBook("how-to-design-programs", "https://htdp.org/", {
    title: "How to Design Programs",
    subtitle: "An Introduction to Programming and Computing",
    authors: ["Matthias Felleisen", "Robert Bruce Findler", "Matthew Flatt", "Shriram Krishnamurthi"],
    subjects: ["Programming"],
    description: "A systematic way of designing programs, step by step from data to tests. Free to read online.",
  }),
  openBook("think-python", "https://greenteapress.com/wp/think-python-2e/", {
    title: "Think Python",
    subtitle: "How to Think Like a Computer Scientist",
    authors: ["Allen B. Downey"],
    subjects: ["Programming"],
    description: "A first programming course in Python. Free to download from Green Tea Press.",
  }),
  openBook("automate-the-boring-stuff", "https://automatetheboringstuff.com/", {
    title: "Automate the Boring Stuff with Python",
    authors: ["Al Sweigart"],
    subjects: ["Programming"],
    description: "Practical Python for beginners: files, spreadsheets, web pages and everyday tasks. Free to read online.",
  }),
  openBook("pro-git", "https://git-scm.com/book", {
    title: "Pro Git",
    authors: ["Scott Chacon", "Ben Straub"],
    subjects: ["Programming"],
    description: "The Git version control system from first commit to internals. Free to read on the Git project's site.",
  }),
  // Operating systems
  openBook("the-linux-command-line", "https://linuxcommand.org/tlcl.php", {
    title: "The Linux Command Line",
    authors: ["William Shotts"],
    subjects: ["Operating systems", "Programming"],
    description: "The shell, the commands of everyday Linux use and shell scripting. Free to download.",
  }),
  openBook("ostep", "https://pages.cs.wisc.edu/~remzi/OSTEP/", {
    title: "Operating Systems: Three Easy Pieces",
    authors: ["Remzi H. Arpaci-Dusseau", "Andrea C. Arpaci-Dusseau"],
    subjects: ["Operating systems"],
    description: "Virtualisation, concurrency and persistence, the three pieces of an operating system. Free to read chapter by chapter.",
  }),
  openBook("dive-into-systems", "https://diveintosystems.org/", {
    title: "Dive into Systems",
    authors: ["Suzanne J. Matthews", "Tia Newhall", "Kevin C. Webb"],
    subjects: ["Operating systems", "Programming"],
    description:
      "How programs run on a computer: C, binary data, assembly, caches, operating systems and parallelism. Free to read online.",
  }),
  // Computer networks
  openBook("computer-networks-systems-approach", "https://book.systemsapproach.org/", {
    title: "Computer Networks: A Systems Approach",
    authors: ["Larry L. Peterson", "Bruce S. Davie"],
    subjects: ["Computer networks"],
    description: "Networks explained from the principles of their design, layer by layer. Free to read online.",
  }),
  openBook("computer-networking-principles", "https://www.computer-networking.info/", {
    title: "Computer Networking: Principles, Protocols and Practice",
    authors: ["Olivier Bonaventure"],
    subjects: ["Computer networks"],
    description: "An open textbook on the principles and the protocols of the Internet. Free to read online.",
  }),
  openBook("intro-computer-networks", "https://intronetworks.cs.luc.edu/", {
    title: "An Introduction to Computer Networks",
    authors: ["Peter L. Dordal"],
    subjects: ["Computer networks"],
    description: "Ethernet, IP, routing, TCP and congestion, with simulation exercises. Free to read online.",
  }),
  openBook("beej-network-programming", "https://beej.us/guide/bgnet/", {
    title: "Beej's Guide to Network Programming",
    authors: ['Brian "Beej Jorgensen" Hall'],
    subjects: ["Computer networks", "Programming"],
    description: "Socket programming in C, from the first connection to select and poll. Free to read online.",
  }),
  // Databases
  openBook("database-design", "https://opentextbc.ca/dbdesign01/", {
    title: "Database Design",
    subtitle: "2nd Edition",
    authors: ["Adrienne Watt", "Nelson Eng"],
    subjects: ["Databases"],
    publisher: "BCcampus",
    description: "Data modelling, the relational model, normalisation and SQL, as an open textbook. Free to read online.",
  }),
  openBook("use-the-index-luke", "https://use-the-index-luke.com/", {
    title: "Use The Index, Luke",
    authors: ["Markus Winand"],
    subjects: ["Databases"],
    description: "How SQL indexes work and how to write queries that use them. Free to read online.",
  }),
  // Mathematics
  openBook("mathematics-for-computer-science", "https://ocw.mit.edu/courses/6-042j-mathematics-for-computer-science-spring-2015/", {
    title: "Mathematics for Computer Science",
    authors: ["Eric Lehman", "F. Thomson Leighton", "Albert R. Meyer"],
    subjects: ["Discrete mathematics", "Logic", "Probability", "Mathematics"],
    description:
      "Proofs, number theory, graphs, counting and probability for computer scientists, from MIT's course 6.042J on MIT OpenCourseWare.",
    downloadUrl: "https://ocw.mit.edu/courses/6-042j-mathematics-for-computer-science-spring-2015/resources/mit6_042js15_textbook/",
  }),
  openBook("discrete-mathematics-open-introduction", "https://discrete.openmathbooks.org/", {
    title: "Discrete Mathematics: An Open Introduction",
    authors: ["Oscar Levin"],
    subjects: ["Discrete mathematics", "Logic", "Mathematics"],
    description: "Counting, sequences, symbolic logic, proofs and graph theory. Free to read online.",
  }),
  openBook("book-of-proof", "https://www.people.vcu.edu/~rhammack/BookOfProof/", {
    title: "Book of Proof",
    authors: ["Richard Hammack"],
    subjects: ["Logic", "Discrete mathematics", "Mathematics"],
    description: "An introduction to writing proofs: sets, logic, direct and indirect proof, induction and functions. Free to download.",
  }),
  openBook("forall-x-calgary", "https://forallx.openlogicproject.org/", {
    title: "forall x: Calgary",
    authors: ["P. D. Magnus", "Tim Button", "Robert Trueman", "Richard Zach"],
    subjects: ["Logic"],
    description:
      "An open introduction to formal logic: truth-functional and first-order logic with natural deduction. Free to read online.",
  }),
  openBook("hefferon-linear-algebra", "https://hefferon.net/linearalgebra/", {
    title: "Linear Algebra",
    authors: ["Jim Hefferon"],
    subjects: ["Linear algebra", "Mathematics"],
    description: "A first course in linear algebra: systems of equations, vector spaces, maps and determinants. Free to download.",
  }),
  openBook("linear-algebra-done-right", "https://linear.axler.net/", {
    title: "Linear Algebra Done Right",
    authors: ["Sheldon Axler"],
    subjects: ["Linear algebra", "Mathematics"],
    description: "A second course in linear algebra centred on linear maps. The fourth edition is free to download from the author's site.",
  }),
  openBook("openstax-calculus-volume-1", "https://openstax.org/details/books/calculus-volume-1", {
    title: "Calculus Volume 1",
    authors: ["Gilbert Strang", 'Edwin "Jed" Herman'],
    subjects: ["Calculus", "Mathematics"],
    publisher: "OpenStax",
    description: "Functions, limits, derivatives and an introduction to integration. Free to read online or download.",
  }),
  openBook("openstax-calculus-volume-2", "https://openstax.org/details/books/calculus-volume-2", {
    title: "Calculus Volume 2",
    authors: ["Gilbert Strang", 'Edwin "Jed" Herman'],
    subjects: ["Calculus", "Mathematics"],
    publisher: "OpenStax",
    description:
      "Integration, differential equations, sequences and series, parametric equations and polar coordinates. Free to read online or download.",
  }),
  openBook("openstax-calculus-volume-3", "https://openstax.org/details/books/calculus-volume-3", {
    title: "Calculus Volume 3",
    authors: ["Gilbert Strang", 'Edwin "Jed" Herman'],
    subjects: ["Calculus", "Mathematics"],
    publisher: "OpenStax",
    description: "Vectors, functions of several variables, multiple integration and vector calculus. Free to read online or download.",
  }),
  openBook("openstax-college-algebra", "https://openstax.org/details/books/college-algebra", {
    title: "College Algebra",
    authors: ["Jay Abramson"],
    subjects: ["Algebra", "Mathematics"],
    publisher: "OpenStax",
    description:
      "Functions, polynomial and rational functions, exponential and logarithmic functions, systems and sequences. Free to read online or download.",
  }),
  openBook("openstax-introductory-statistics", "https://openstax.org/details/books/introductory-statistics", {
    title: "Introductory Statistics",
    authors: ["Barbara Illowsky", "Susan Dean"],
    subjects: ["Statistics", "Probability", "Mathematics"],
    publisher: "OpenStax",
    description:
      "Descriptive statistics, probability, distributions, confidence intervals, hypothesis tests and regression. Free to read online or download.",
  }),
  openBook("openintro-statistics", "https://www.openintro.org/book/os/", {
    title: "OpenIntro Statistics",
    authors: ["David Diez", "Mine Çetinkaya-Rundel", "Christopher Barr"],
    subjects: ["Statistics", "Probability"],
    publisher: "OpenIntro",
    description: "An introductory statistics textbook with data, inference and regression. Free to download.",
  }),
  openBook("grinstead-snell-probability", "https://math.dartmouth.edu/~prob/prob/prob.pdf", {
    title: "Introduction to Probability",
    authors: ["Charles M. Grinstead", "J. Laurie Snell"],
    subjects: ["Probability", "Mathematics"],
    description:
      "Discrete and continuous probability, the laws of large numbers, the central limit theorem and Markov chains. Free PDF from Dartmouth.",
  }),
];

export const libraryCatalogue: readonly CatalogueRecordInput[] = [...openBooks, ...gutenbergBooks];
