import type { QuizQuestion } from "./types.ts";

export const questions: QuizQuestion[] = [
  {
    id: "react-01",
    question: "count is 0 and the user clicks once. What is count on the next render?",
    code: "const [count, setCount] = useState(0);\nfunction handleClick() {\n  setCount(count + 1);\n  setCount(count + 1);\n  setCount(count + 1);\n}",
    options: ["0", "3", "1", "2"],
    answer: "1",
  },
  {
    id: "react-02",
    question: "Which way of calling the setter makes three calls in one click handler increase count by 3?",
    options: [
      "setCount((c) => c + 1) three times",
      "setCount(count + 1) three times",
      "count++ three times, then setCount(count)",
      "setCount(count + 1) inside three useEffect calls",
    ],
    answer: "setCount((c) => c + 1) three times",
  },
  {
    id: "react-03",
    question: "In a production build, when does this effect run?",
    code: 'useEffect(() => {\n  console.log("effect");\n}, []);',
    options: [
      "Before every render",
      "After every render",
      "Only when the component unmounts",
      "After the component mounts, not after re-renders",
    ],
    answer: "After the component mounts, not after re-renders",
  },
  {
    id: "react-04",
    question: "What happens when you assign a new value to ref.current on a ref created with useRef?",
    options: [
      "The component re-renders immediately",
      "The value is kept, but no re-render is triggered",
      "The value is reset on the next render",
      "React throws an error",
    ],
    answer: "The value is kept, but no re-render is triggered",
  },
  {
    id: "react-05",
    question: "Which rule applies to Hooks such as useState and useEffect?",
    options: [
      "They may be called inside loops and conditions",
      "They may be called from any plain JavaScript function",
      "They must be called inside class components",
      "Call them only at the top level of a component or custom Hook",
    ],
    answer: "Call them only at the top level of a component or custom Hook",
  },
  {
    id: "react-06",
    question: "What is useMemo used for?",
    options: [
      "Persisting values in localStorage",
      "Running side effects after render",
      "Caching a computed value until its dependencies change",
      "Creating a context provider",
    ],
    answer: "Caching a computed value until its dependencies change",
  },
  {
    id: "react-07",
    question: "Two sibling components need to read and update the same piece of state. What is the usual React approach?",
    options: [
      "Lift the state up to their closest common parent",
      "Keep a separate copy of the state in each sibling",
      "Have each child mutate its props directly",
      "Store the state in a ref in one sibling",
    ],
    answer: "Lift the state up to their closest common parent",
  },
  {
    id: "react-08",
    question: "Why does calling rename() fail to re-render the component?",
    code: 'const [user, setUser] = useState({ name: "Ann" });\nfunction rename() {\n  user.name = "Bo";\n  setUser(user);\n}',
    options: [
      "setUser only accepts primitive values",
      "The same object is passed, so React sees no change",
      "user.name is a read-only property",
      "useState cannot hold objects",
    ],
    answer: "The same object is passed, so React sees no change",
  },
  {
    id: "react-09",
    question: "In React 19, which Hook lets a component rendered inside a <form> read whether that form is currently submitting?",
    options: ["useTransition", "useOptimistic", "useFormStatus", "useDeferredValue"],
    answer: "useFormStatus",
  },
  {
    id: "react-10",
    question: "In React 19, how can a function component receive a ref passed by its parent?",
    options: [
      "Only by wrapping it in forwardRef",
      "By reading it with useContext",
      "It cannot; refs never reach function components",
      "By accepting ref as a regular prop",
    ],
    answer: "By accepting ref as a regular prop",
  },
];
