export { LibraryService } from './library.service';
export { libraryFilter } from './library.validation';
