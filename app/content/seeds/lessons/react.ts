import type { Lesson } from "./types.ts";

export const lessons: Lesson[] = [
  {
    title: "What React Is and Why Components Matter",
    description:
      "Find out what React does and why it builds user interfaces from small, reusable components. You will compare a plain JavaScript page with a React version of the same screen. Seeing how React keeps the page in sync with your data makes every later lesson easier to follow.",
  },
  {
    title: "Setting Up a Project With Vite",
    description:
      "Create your first React project with Vite and learn what each generated file is for. You will start the development server, edit a component and watch the browser update instantly. A fast, tidy setup lets you spend your time writing code instead of fighting tools.",
  },
  {
    title: "Writing JSX",
    description:
      "Learn the JSX syntax that lets you describe markup inside JavaScript, including curly braces for expressions, className and self-closing tags. You will turn a static HTML card into JSX that shows data from variables. JSX is how every React component describes what it renders.",
  },
  {
    title: "Building Function Components",
    description:
      "See how to split a page into function components that each return JSX. You will break a profile page into a header, an avatar and a bio component, then compose them together. Thinking in small components keeps your code readable and easy to reuse across a project.",
  },
  {
    title: "Passing Data With Props",
    description:
      "Learn how parent components pass data to children through props, including default values and the special children prop. You will build a reusable Button component that changes its label and style from props. Props are the main way React components talk to each other.",
  },
  {
    title: "Managing State With useState",
    description:
      "Discover how the useState hook stores values that change over time and triggers a re-render when they update. You will build a counter and a like button, and learn why you should never change state directly. State is what makes a React interface respond to the user.",
  },
  {
    title: "Handling Events",
    description:
      "Learn how to respond to clicks, key presses and other events by passing handler functions as props such as onClick and onChange. You will build a small toggle panel that opens and closes. Getting event handling right is the bridge between user actions and state updates.",
  },
  {
    title: "Conditional Rendering",
    description:
      "Learn several ways to show or hide parts of the interface: if statements, the ternary operator and the && operator. You will build a login banner that greets a signed-in user and shows a button to everyone else. Most real screens change depending on the data they receive.",
  },
  {
    title: "Rendering Lists With Keys",
    description:
      "Use the map method to turn arrays of data into lists of components, and learn why each item needs a stable key. You will render a list of courses and remove items from it without bugs. Keys help React update lists correctly and efficiently.",
  },
  {
    title: "Forms and Controlled Inputs",
    description:
      "Learn how controlled inputs keep form fields in sync with state, and how to handle form submission. You will build a sign-up form with text fields, a select box and simple validation messages. Forms are how users send data to your app, so they need to be reliable.",
  },
  {
    title: "Side Effects With useEffect",
    description:
      "Understand when a component needs useEffect to sync with something outside React, such as a timer or the page title. You will build a countdown clock and clean up its timer properly. Knowing when you actually need an effect, and when you do not, keeps components simple.",
  },
  {
    title: "Fetching Data From an API",
    description:
      "Learn how to load data from a web API with fetch, and how to show loading and error states while you wait. You will build a page that lists posts from a public test API. Almost every real app talks to a server, so this pattern comes up again and again.",
  },
  {
    title: "Writing Custom Hooks",
    description:
      "See how to pull repeated logic out of components into your own hooks whose names start with use. You will turn your data-fetching code into a reusable useFetch hook. Custom hooks let you share behaviour between components without copying code.",
  },
  {
    title: "Sharing Data With Context",
    description:
      "Learn how context passes data deep into the component tree without threading props through every level. You will add a light and dark theme switch that any component can read. Context is ideal for app-wide settings such as the theme, language or signed-in user.",
  },
  {
    title: "Complex State With useReducer",
    description:
      "Discover how useReducer handles state that changes in many related ways by moving the update logic into a single reducer function. You will rebuild a to-do list with add, toggle and delete actions. Reducers make complicated state changes easier to follow and test.",
  },
  {
    title: "Working With Refs",
    description:
      "Learn how useRef stores values that persist between renders without causing a re-render, and how refs give you access to DOM elements. You will focus a search box automatically and track how many times a button was clicked. Refs are your escape hatch when plain state is not enough.",
  },
  {
    title: "Routing With React Router",
    description:
      "Add multiple pages to a single-page app with React Router, using routes, links and URL parameters. You will build a small course catalogue with a home page, a list page and a detail page for each course. Routing lets users bookmark pages and use the browser's back button.",
  },
  {
    title: "Performance With memo, useMemo and useCallback",
    description:
      "Learn why components re-render and how memo, useMemo and useCallback can skip work that is not needed. You will measure a slow list with the React DevTools Profiler and then speed it up. You will also learn when these tools are unnecessary, since the React Compiler can handle many cases automatically when enabled.",
  },
  {
    title: "Catching Errors With Error Boundaries",
    description:
      "Find out how error boundaries stop one broken component from crashing the whole page. You will write a small boundary, wrap part of an app in it and show a friendly fallback message. Error boundaries are the one place where React still needs a class component, and you will see why.",
  },
  {
    title: "Testing Components",
    description:
      "Learn to test components the way users experience them with Vitest and React Testing Library. You will write tests that render a form, type into it, click submit and check the result. Good tests let you change your code with confidence that nothing has broken.",
  },
  {
    title: "Building and Deploying Your App",
    description:
      "Learn how to create an optimised production build with Vite and put it online with a static hosting service. You will configure environment variables and deploy your app so others can visit it. Shipping your work is the step that turns a project into something people can use.",
  },
  {
    title: "Final Project: A Task Manager App",
    description:
      "Bring the whole course together by building a task manager with routing, context, a reducer, forms and data loaded from an API. You will plan the components, build them step by step, write a few tests and deploy the finished app. A complete project makes a strong addition to your portfolio.",
  },
];
