import type { Lesson } from "./types.ts";

export const lessons: Lesson[] = [
  {
    title: "JDBC, Servlets and JSP: Building a Java Web App",
    description:
      "This session connects Java to databases and the web. You will use JDBC to connect to MySQL and run queries with PreparedStatement, which also blocks SQL injection, then write a servlet that handles GET and POST requests and a JSP page that displays the results, all deployed on Apache Tomcat. Together they form a small student registration app and the basis of Java web frameworks.",
  },
];
