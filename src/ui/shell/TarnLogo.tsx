import { Box, HStack, Text } from '@chakra-ui/react';

export interface TarnLogoProps {
  /** 'md' in the top bar, 'lg' above the sign-in and setup cards. */
  size?: 'md' | 'lg';
}

/** The Tarn mark and name. */
export function TarnLogo({ size = 'md' }: TarnLogoProps) {
  const large = size === 'lg';
  return (
    <HStack gap={large ? '3' : '2'}>
      <Box
        w={large ? '9' : '6'}
        h={large ? '9' : '6'}
        borderRadius="full"
        bgGradient="to-br"
        gradientFrom="tarn.300"
        gradientTo="tarn.700"
        aria-hidden="true"
      />
      <Text fontWeight="bold" fontSize={large ? '3xl' : 'lg'} letterSpacing="tight">
        Tarn
      </Text>
    </HStack>
  );
}
