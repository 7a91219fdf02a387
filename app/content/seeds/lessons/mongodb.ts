import type { Lesson } from "./types.ts";

export const lessons: Lesson[] = [
  {
    title: "Documents, Collections and Databases",
    description:
      "Learn how MongoDB stores data as flexible JSON-like documents grouped into collections, and how this differs from tables and rows. You will sketch a student record as a document with nested fields and arrays. Understanding the document model is the key to using MongoDB well.",
  },
  {
    title: "Installing MongoDB: Atlas or Local",
    description:
      "Compare running MongoDB on your own computer with using a free cluster on MongoDB Atlas, the hosted cloud service. You will set up one of them, create a database user and get a connection string. Having a working database ready lets you follow every hands-on lesson that comes next.",
  },
  {
    title: "Getting Around the MongoDB Shell",
    description:
      "Connect to your database with mongosh, the MongoDB shell, and learn the basic commands for switching databases and listing collections. You will insert your first document and view it straight from the command line. The shell is a quick way to explore data and try out queries.",
  },
  {
    title: "CRUD: Create, Read, Update and Delete",
    description:
      "Learn the four basic operations using insertOne, insertMany, find, updateOne and deleteOne. You will build a small library collection, add books, look them up, change their details and remove them. Almost everything an app does with its data comes down to these operations.",
  },
  {
    title: "Filtering With Query Operators",
    description:
      "Go beyond exact matches with query operators such as $gt, $lt, $in, $or and $regex, and learn how to query nested fields and arrays. You will find all students over a certain grade who are enrolled in a chosen course. Precise queries return exactly the data you need and nothing more.",
  },
  {
    title: "Projection, Sorting and Limiting Results",
    description:
      "Learn how to choose which fields a query returns, how to sort results and how to page through them with skip and limit. You will build a leaderboard that shows only names and scores, highest first. Returning less data makes your apps faster and your results easier to read.",
  },
  {
    title: "Update Operators",
    description:
      "Learn how operators like $set, $unset, $inc, $push and $pull change parts of a document without replacing the whole thing. You will update a shopping cart by adding items, removing items and changing quantities. You will also see how upserts create a document when none matches.",
  },
  {
    title: "Speeding Up Queries With Indexes",
    description:
      "Discover how indexes help MongoDB find documents without scanning a whole collection. You will create single-field and compound indexes, then use explain to compare a query before and after. Good indexes are often the biggest single improvement you can make to database performance.",
  },
  {
    title: "Data Modelling: Embedding or Referencing",
    description:
      "Learn how to decide whether related data belongs inside one document or in a separate collection linked by an id. You will model a blog with posts, comments and authors and weigh the trade-offs of each design. A good data model keeps your queries simple and your data consistent.",
  },
  {
    title: "The Aggregation Pipeline",
    description:
      "Learn how the aggregation pipeline transforms data in stages such as $match, $group, $sort, $project and $lookup. You will build a report that shows total sales per product category for each month. Aggregation lets the database do heavy data crunching for you instead of your app.",
  },
  {
    title: "Enforcing Structure With Schema Validation",
    description:
      "See how to add rules to a collection with a $jsonSchema validator so that documents must have the right fields and types. You will require an email and a numeric age on a users collection and watch invalid inserts fail. Validation keeps a flexible database from filling up with messy data.",
  },
  {
    title: "Multi-Document Transactions",
    description:
      "Learn when you need a transaction to make several changes succeed or fail together, and how sessions make this work. You will transfer credit between two accounts so the money is never lost halfway. Transactions need a replica set, which Atlas gives you, and they are best kept short.",
  },
  {
    title: "Using MongoDB From Node With the Driver",
    description:
      "Connect to MongoDB from a Node.js app using the official driver and run queries with async and await. You will build a small script that adds, lists and updates records, keeping your connection string in an environment variable. This is how real back ends talk to MongoDB.",
  },
  {
    title: "Modelling Data With Mongoose",
    description:
      "Learn how Mongoose adds schemas, validation and helpful methods on top of the MongoDB driver. You will define a Course model, save documents, query them and link related data with populate. Mongoose gives structure to larger Node projects and catches mistakes before they reach the database.",
  },
  {
    title: "Backups and Security Basics",
    description:
      "Learn how to back up and restore data with mongodump and mongorestore, and how Atlas handles backups for you. You will also create users with limited roles, restrict network access and keep passwords out of your code. Protecting your data matters as much as storing it.",
  },
];
