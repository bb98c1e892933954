// A search box's input: Chakra's input recipe on a native input. Chakra's Input is Ark's Field input, which brings
// the field machinery (about 4 KB of gzip) to a listing's first paint for a box that belongs to no form field.
import { createRecipeContext, type HTMLChakraProps, type RecipeProps } from '@chakra-ui/react';

const { withContext } = createRecipeContext({ key: 'input' });

export type SearchInputProps = HTMLChakraProps<'input'> & RecipeProps<'input'>;

export const SearchInput = withContext<HTMLInputElement, SearchInputProps>('input');
