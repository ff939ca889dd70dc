import { openDatabase, migrateDatabase } from "./server/db/client.server";
const t = Date.now();
const d = await openDatabase({ kind: "pglite" });
console.log("open", Date.now() - t);
await migrateDatabase(d);
console.log("migrated", Date.now() - t);
const blob = await d.pglite!.dumpDataDir("none");
console.log("dump size", blob.size, Date.now() - t);
const t2 = Date.now();
const d2 = await openDatabase({ kind: "pglite", loadDataDir: blob });
console.log(
  "load",
  Date.now() - t2,
  (await d2.pglite!.query("select count(*) from profiles")).rows,
);
const pg = await openDatabase({
  kind: "postgres",
  url: "postgres://postgres@127.0.0.1:5432/postgres",
});
await pg.sql!`drop database if exists passage_scratch`;
await pg.sql!`create database passage_scratch`;
await pg.close();
const p2 = await openDatabase({
  kind: "postgres",
  url: "postgres://postgres@127.0.0.1:5432/passage_scratch",
});
await migrateDatabase(p2);
console.log("pg migrated");
await p2.close();
