import type { QuizQuestion } from "./types.ts";

export const questions: QuizQuestion[] = [
  {
    id: "java-01",
    question: "What does this code print?",
    code: "int a = 7;\nint b = 2;\nSystem.out.println(a / b);",
    options: ["3.5", "4", "3", "It does not compile"],
    answer: "3",
    explanation:
      "Both operands are int, so Java performs integer division and drops the fractional part: 7 / 2 is 3. Getting 3.5 requires at least one floating-point operand, for example a / 2.0, and integer division truncates toward zero rather than rounding, so 4 is wrong too.",
  },
  {
    id: "java-02",
    question: "Which of these is not a primitive type in Java?",
    options: ["String", "boolean", "char", "long"],
    answer: "String",
    explanation:
      "Java has exactly eight primitive types: byte, short, int, long, float, double, char and boolean. String is a class in java.lang, so strings are objects, even though string literals and the + operator make it feel built in.",
  },
  {
    id: "java-03",
    question: "What does this code print?",
    code: 'String s1 = "hi";\nString s2 = new String("hi");\nSystem.out.println((s1 == s2) + " " + s1.equals(s2));',
    options: ["true true", "true false", "false false", "false true"],
    answer: "false true",
    explanation:
      "On objects, == compares references, and new String always creates a distinct object, so s1 == s2 is false even though the literal 'hi' is interned. equals compares the characters, which are the same, so the output is false true.",
  },
  {
    id: "java-04",
    question: "Which modifier makes a method belong to the class itself rather than to each instance?",
    options: ["final", "static", "abstract", "volatile"],
    answer: "static",
    explanation:
      "A static method belongs to the class and is called as ClassName.method() without any instance, so it has no 'this'. final is different: it only stops subclasses from overriding the method, which remains an instance method.",
  },
  {
    id: "java-05",
    question: "Which of these java.util classes never stores duplicate elements?",
    options: ["ArrayList", "LinkedList", "ArrayDeque", "HashSet"],
    answer: "HashSet",
    explanation:
      "HashSet implements the Set interface, so adding an element that is already present, as judged by equals and hashCode, leaves the set unchanged and add returns false. ArrayList, LinkedList and ArrayDeque are lists or queues that keep every element added, duplicates included.",
  },
  {
    id: "java-06",
    question: "An instance field is declared as int count; and never assigned. What value does it hold when first read?",
    options: ["0", "null", "-1", "Reading it is a compile-time error"],
    answer: "0",
    explanation:
      "Unlike local variables, fields get default values when an object is created: 0 for numeric types, false for boolean and null for references. The compile-time error applies only to local variables read before they are definitely assigned, and null is impossible because int is a primitive.",
  },
  {
    id: "java-07",
    question: "What does this code print?",
    code: "int i = 5;\nint j = i++ + ++i;\nSystem.out.println(j);",
    options: ["10", "11", "12", "13"],
    answer: "12",
    explanation:
      "Operands are evaluated left to right. i++ yields the old value 5 and sets i to 6; ++i then raises i to 7 and yields 7, so j is 5 + 7 = 12. The answer 11 comes from forgetting that i++ had already made i 6.",
  },
  {
    id: "java-08",
    question: "Which statement about classes and interfaces in Java is true?",
    options: [
      "A class can extend several classes",
      "A class can implement several interfaces",
      "An interface can declare instance fields",
      "An interface can never contain a method body",
    ],
    answer: "A class can implement several interfaces",
    explanation:
      "Java allows only single inheritance of classes, but a class may implement any number of interfaces, listed after 'implements'. Since Java 8 interfaces can have default and static methods with bodies, and any field declared in an interface is implicitly public static final, not an instance field.",
  },
  {
    id: "java-09",
    question: "What happens at run time when code reads arr[arr.length] from an int array named arr?",
    options: ["An ArrayIndexOutOfBoundsException is thrown", "It returns 0", "It returns the last element", "It returns null"],
    answer: "An ArrayIndexOutOfBoundsException is thrown",
    explanation:
      "Valid indexes run from 0 to arr.length - 1, so arr.length is one past the end. Java checks every array access at run time and throws ArrayIndexOutOfBoundsException instead of returning a default such as 0 or reading neighboring memory.",
  },
  {
    id: "java-10",
    question: "Which of these is a checked exception, one the compiler forces you to catch or declare with throws?",
    options: ["NullPointerException", "ArithmeticException", "IllegalArgumentException", "IOException"],
    answer: "IOException",
    explanation:
      "IOException extends Exception but not RuntimeException, which makes it checked: code that can throw it must catch it or declare it with throws. NullPointerException, ArithmeticException and IllegalArgumentException all extend RuntimeException, so they are unchecked and the compiler does not force you to handle them.",
  },
  {
    id: "java-11",
    question: "What is method overriding in Java?",
    options: [
      "Several methods in one class sharing a name with different parameters",
      "A subclass redefining an inherited method with the same signature",
      "A method calling itself recursively",
      "Marking a method final so it cannot change",
    ],
    answer: "A subclass redefining an inherited method with the same signature",
    explanation:
      "Overriding means a subclass supplies its own implementation of an inherited instance method with the same name and parameter types, and the version that runs is chosen by the object's actual class at run time. Several methods sharing a name with different parameters is overloading, a different concept.",
  },
  {
    id: "java-12",
    question: "Which statement about an abstract class is true?",
    options: [
      "It cannot declare constructors",
      "All of its methods must be abstract",
      "It cannot be instantiated directly with new",
      "It cannot declare fields",
    ],
    answer: "It cannot be instantiated directly with new",
    explanation:
      "An abstract class is incomplete by design, so using new on it does not compile; you instantiate a concrete subclass instead. It can still declare constructors, which subclasses call through super, as well as fields and fully implemented methods, so the other statements are false.",
  },
  {
    id: "java-13",
    question: "What does this code print?",
    code: 'class Animal { String sound() { return "Hmm"; } }\nclass Dog extends Animal { String sound() { return "Woof"; } }\n\n// in main:\nAnimal a = new Dog();\nSystem.out.println(a.sound());',
    options: ["Hmm", "It does not compile", "A ClassCastException is thrown", "Woof"],
    answer: "Woof",
    explanation:
      "Instance method calls are dispatched on the object's actual class, not the declared type of the variable. a is declared as Animal but refers to a Dog, which overrides sound, so Woof is printed. Assigning a Dog to an Animal variable is an implicit upcast, so it compiles and no ClassCastException occurs.",
  },
  {
    id: "java-14",
    question: "Which access modifier restricts a member to code inside its own class?",
    options: ["private", "protected", "public", "no modifier (package-private)"],
    answer: "private",
    explanation:
      "A private member can be used only inside the body of its declaring class, including classes nested within the same top-level class. No modifier, package-private, is wider: any class in the same package can use the member, and protected additionally allows access from subclasses.",
  },
  {
    id: "java-15",
    question: "What does this code print?",
    code: 'static int f() {\n  try { return 1; }\n  finally { System.out.print("F"); }\n}\n\n// in main:\nSystem.out.println(f());',
    options: ["1", "F1", "1F", "F"],
    answer: "F1",
    explanation:
      "f() is evaluated before println runs. Inside f, the return value 1 is computed, but the finally block runs before the method actually returns, printing F. Then println prints 1 on the same line, giving F1; the answer 1F reverses that order.",
  },
  {
    id: "java-16",
    question: "What does this code print?",
    code: "char c = 'A';\nc += 2;\nSystem.out.println(c);",
    options: ["67", "A2", "C", "It does not compile"],
    answer: "C",
    explanation:
      "A compound assignment such as c += 2 includes an implicit cast back to the variable's type, so it compiles and stores the char two positions after 'A', which is 'C'. Writing c = c + 2 would not compile, because c + 2 is an int; 67 would print only if the result stayed an int.",
  },
  {
    id: "java-17",
    question: "What does the javac compiler produce from a .java source file?",
    options: ["Bytecode in a .class file", "Native machine code for the CPU", "A .jar archive", "An interpreted script"],
    answer: "Bytecode in a .class file",
    explanation:
      "javac compiles source code into platform-independent bytecode, stored in .class files, one per class. The Java Virtual Machine later loads and runs that bytecode, compiling frequently used parts to native code at run time. Building a .jar is a separate packaging step done with the jar tool or a build tool.",
  },
  {
    id: "java-18",
    question: "If a class declares no constructors at all, what does the Java compiler do?",
    options: [
      "It reports a compile-time error",
      "It makes the class impossible to instantiate",
      "It generates a constructor taking every field",
      "It adds a default no-argument constructor",
    ],
    answer: "It adds a default no-argument constructor",
    explanation:
      "When a class declares no constructor, the compiler inserts a default constructor that takes no parameters and simply calls super(). It is generated only when you write no constructor at all, and Java never generates a constructor taking every field for an ordinary class.",
  },
  {
    id: "java-19",
    question: "What does this code print?",
    code: 'int x = 2;\nswitch (x) {\n  case 1: System.out.print("A");\n  case 2: System.out.print("B");\n  case 3: System.out.print("C");\n  default: System.out.print("D");\n}',
    options: ["B", "BC", "BCD", "BD"],
    answer: "BCD",
    explanation:
      "A case label is only an entry point: without break, execution falls through into the cases below it. x is 2, so execution starts at case 2 and prints B, then continues through case 3 and default, printing C and D. Printing only B would need a break after each case.",
  },
  {
    id: "java-20",
    question: "When you override equals() for objects used as HashMap keys, which other method must you override consistently?",
    options: ["toString()", "hashCode()", "compareTo()", "clone()"],
    answer: "hashCode()",
    explanation:
      "HashMap finds a key by its hashCode first and only then compares candidates with equals, so objects that are equal must return the same hash code. If you override only equals, two equal keys usually land in different buckets and lookups fail. toString plays no part in matching keys.",
  },
];
