/** The entity kind that records, within a pass, which upstream file of each role it read. */
export const FILE_KIND = 'fichier';

/** What a pass records of each file it read (kind `fichier`, id = the file's role). */
export interface FileRecord {
  role: string;
  nom: string;
  sha256: string;
  lignes: number;
}
